/**
 * An `http` hook: the event's JSON is POSTed to the hook's URL and the
 * response body is read exactly like a command hook's stdout after exit 0
 * (plain text, or the JSON output contract). A status other than 2xx, a
 * connection failure or the timeout is a non-blocking error, as in Claude
 * Code: a server can refuse something only by saying so in its body.
 *
 * Header values may name environment variables (`Bearer $API_TOKEN`), but
 * only those listed in the hook's `allowedEnvVars` are filled in; any other
 * reference becomes empty. A settings file can therefore never send a
 * secret the user did not name next to the URL it goes to.
 */
import { verdictFromCommand } from './commandVerdict.js';
import type { ConfiguredHook } from './hooksConfig.js';
import { MAX_STREAM_CHARS } from './runCommandHook.js';
import type { HookRunner } from './types.js';

type HttpHook = Extract<ConfiguredHook, { readonly type: 'http' }>;

export function httpHookRunner(hook: HttpHook, options: { readonly active: boolean; readonly env?: NodeJS.ProcessEnv }): HookRunner {
  const url = withPluginRoot(hook.url, hook.pluginRoot);
  return {
    event: hook.event,
    matcher: hook.matcher,
    label: `POST ${url}`,
    source: `${hook.file}:${hook.line}`,
    dedupeKey: `http\u0000${url}`,
    active: options.active,
    async run(input, context) {
      const timeout = AbortSignal.timeout(hook.timeoutMs);
      const signal = AbortSignal.any([context.signal, timeout]);
      const headers = expandHeaders(hook, options.env ?? process.env);
      let response: Response;
      try {
        response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(input), signal });
      } catch (error) {
        const why = timeout.aborted ? `no answer within ${hook.timeoutMs / 1000} s` : error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        return { hook: this.label, outcome: 'error', error: `request failed: ${why}` };
      }
      let body: string;
      try {
        body = (await response.text()).slice(0, MAX_STREAM_CHARS);
      } catch (error) {
        return { hook: this.label, outcome: 'error', error: `reading the response failed: ${error instanceof Error ? error.message : String(error)}` };
      }
      if (!response.ok) {
        const detail = body.trim().split('\n')[0]?.slice(0, 200);
        return { hook: this.label, outcome: 'error', error: `HTTP ${response.status}${detail ? `: ${detail}` : ''}` };
      }
      return verdictFromCommand(input.hook_event_name, this.label, { exitCode: 0, signal: null, stdout: body, stderr: '' });
    },
  };
}

/** `$NAME` and `${NAME}` in header values: filled only for names the hook allows; others become empty. */
export function expandHeaders(hook: Pick<HttpHook, 'headers' | 'allowedEnvVars' | 'pluginRoot'>, env: NodeJS.ProcessEnv): Record<string, string> {
  const allowed = new Set(hook.allowedEnvVars);
  const expanded: Record<string, string> = {};
  for (const [name, value] of Object.entries(hook.headers)) {
    expanded[name] = withPluginRoot(value, hook.pluginRoot).replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_whole, braced: string | undefined, bare: string | undefined) => {
      const variable = braced ?? bare ?? '';
      return allowed.has(variable) ? (env[variable] ?? '') : '';
    });
  }
  return expanded;
}

function withPluginRoot(text: string, pluginRoot: string | undefined): string {
  return pluginRoot === undefined ? text : text.replaceAll('${CLAUDE_PLUGIN_ROOT}', pluginRoot);
}
