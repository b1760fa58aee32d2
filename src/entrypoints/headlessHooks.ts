/**
 * Hooks in a headless run: a hook's failure, its systemMessage and a block
 * the user (not the model) should read go to stderr, one line each; with
 * `--verbose --output-format stream-json` every hook run is also a
 * `system` line (subtypes hook_started / hook_response) in the stream.
 */
import { hookNotices } from '../hooks/hookNotices.js';
import type { HookActivity } from '../hooks/types.js';
import type { Session } from '../session/session.js';
import type { HeadlessIo } from './headless.js';

export function reportHookActivity(
  session: Pick<Session, 'id' | 'hooks'>,
  options: { readonly io: HeadlessIo; readonly streamJson: boolean; readonly writeLine: (value: unknown) => void },
): () => void {
  return session.hooks.subscribe((activity) => {
    if (options.streamJson) options.writeLine(hookLine(session.id, activity));
    for (const notice of hookNotices(activity)) options.io.stderr(`agentcli: ${notice.text}\n`);
  });
}

function hookLine(sessionId: string, activity: HookActivity) {
  const common = { type: 'system', session_id: sessionId, hook_event_name: activity.event, ...(activity.target !== undefined ? { matched: activity.target } : {}) };
  if (activity.type === 'hooks_started') return { ...common, subtype: 'hook_started', hooks: activity.hooks };
  return {
    ...common,
    subtype: 'hook_response',
    duration_ms: Math.round(activity.durationMs),
    hooks: activity.verdicts.map((verdict) => ({
      hook: verdict.hook,
      outcome: verdict.outcome,
      ...(verdict.blockReason !== undefined ? { reason: verdict.blockReason } : {}),
      ...(verdict.error !== undefined ? { error: verdict.error } : {}),
      ...(verdict.permissionDecision !== undefined ? { permission_decision: verdict.permissionDecision } : {}),
      ...(verdict.continue === false ? { continue: false, stop_reason: verdict.stopReason } : {}),
      ...(verdict.output !== undefined && !verdict.suppressOutput ? { output: verdict.output } : {}),
    })),
  };
}
