/** A configured command hook as a runner: the process runs it, commandVerdict.ts reads what it said. */
import { verdictFromCommand } from './commandVerdict.js';
import type { ConfiguredCommandHook } from './hooksConfig.js';
import { runCommandHook } from './runCommandHook.js';
import type { HookRunner } from './types.js';

export function commandHookRunner(hook: ConfiguredCommandHook, options: { readonly active: boolean; readonly baseEnv?: NodeJS.ProcessEnv }): HookRunner {
  // A plugin's hook finds its own files through ${CLAUDE_PLUGIN_ROOT}, in its command and its environment.
  const command = hook.pluginRoot === undefined ? hook.command : hook.command.replaceAll('${CLAUDE_PLUGIN_ROOT}', hook.pluginRoot);
  const baseEnv = hook.pluginRoot === undefined ? options.baseEnv : { ...(options.baseEnv ?? process.env), CLAUDE_PLUGIN_ROOT: hook.pluginRoot };
  return {
    event: hook.event,
    matcher: hook.matcher,
    label: command,
    source: `${hook.file}:${hook.line}`,
    dedupeKey: `command\u0000${command}`,
    active: options.active,
    async run(input, context) {
      const finished = await runCommandHook({
        command,
        stdin: JSON.stringify(input),
        cwd: context.cwd,
        projectDir: context.projectDir,
        timeoutMs: hook.timeoutMs,
        signal: context.signal,
        ...(baseEnv || context.envFile ? { baseEnv: { ...(baseEnv ?? process.env), ...(context.envFile ? { CLAUDE_ENV_FILE: context.envFile } : {}) } } : {}),
      });
      return verdictFromCommand(input.hook_event_name, command, finished);
    },
  };
}
