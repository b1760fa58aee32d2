/** A configured command hook as a runner: the process runs it, commandVerdict.ts reads what it said. */
import { verdictFromCommand } from './commandVerdict.js';
import type { ConfiguredCommandHook } from './hooksConfig.js';
import { runCommandHook } from './runCommandHook.js';
import type { HookRunner } from './types.js';

export function commandHookRunner(hook: ConfiguredCommandHook, options: { readonly active: boolean; readonly baseEnv?: NodeJS.ProcessEnv }): HookRunner {
  return {
    event: hook.event,
    matcher: hook.matcher,
    label: hook.command,
    source: `${hook.file}:${hook.line}`,
    dedupeKey: `command\u0000${hook.command}`,
    active: options.active,
    async run(input, context) {
      const finished = await runCommandHook({
        command: hook.command,
        stdin: JSON.stringify(input),
        cwd: context.cwd,
        projectDir: context.projectDir,
        timeoutMs: hook.timeoutMs,
        signal: context.signal,
        ...(options.baseEnv ? { baseEnv: options.baseEnv } : {}),
      });
      return verdictFromCommand(input.hook_event_name, hook.command, finished);
    },
  };
}
