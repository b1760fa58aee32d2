/**
 * /hooks: every configured hook, by event, with its matcher and the file
 * (and line) it comes from; repository hooks the folder does not yet trust
 * are marked inactive. Editing stays in the settings files, where the hooks
 * are reviewed like any other code.
 */
import { HOOK_EVENT_NAMES, TOOL_EVENTS } from '../../hooks/hookEvents.js';
import type { HookRunner } from '../../hooks/types.js';
import type { SlashCommand } from '../types.js';

const WHERE = 'Hooks are configured under "hooks" in $AGENTCLI_CONFIG_DIR/settings.json, .claude/settings.json and .claude/settings.local.json.';

export const hooksCommand: SlashCommand = {
  name: 'hooks',
  description: 'List configured hooks by event, with the file each comes from',
  run(_args, context) {
    return { type: 'text', text: describeHooks(context.session.hooks.runners) };
  },
};

export function describeHooks(runners: readonly HookRunner[]): string {
  if (runners.length === 0) return `No hooks configured.\n${WHERE}`;
  const sections = HOOK_EVENT_NAMES.flatMap((event) => {
    const hooks = runners.filter((runner) => runner.event === event);
    if (hooks.length === 0) return [];
    return [`${event}:`, ...hooks.map((runner) => formatHook(runner, TOOL_EVENTS.has(event))), ''];
  });
  return [...sections, WHERE].join('\n');
}

function formatHook(runner: HookRunner, hasMatcher: boolean): string {
  const matcher = hasMatcher ? `[${runner.matcher.pattern === '' ? '*' : runner.matcher.pattern}] ` : '';
  const inactive = runner.active ? '' : ' (inactive until this folder is trusted)';
  return `  ${matcher}${runner.label}  — ${runner.source}${inactive}`;
}
