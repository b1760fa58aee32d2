/** The fields every hook input carries, from what the caller has at hand. */
import type { SessionInfo, ToolUseContext } from '../contract/tool.js';
import type { PermissionMode } from '../contract/permissions.js';
import type { HookCommonInput } from './hookEvents.js';
import type { HookRunContext } from './types.js';

/**
 * The session's JSONL transcript (ARCHITECTURE §1: `projects/<slug>/<session-id>.jsonl`,
 * next to the session's folder of large tool results).
 */
export function transcriptPathOf(session: Pick<SessionInfo, 'dir'>): string {
  return `${session.dir}.jsonl`;
}

export type HookSessionFields = {
  readonly session: Pick<SessionInfo, 'id' | 'dir'>;
  readonly cwd: string;
  readonly permissionMode: PermissionMode;
  /** Where the conversation owner writes the transcript, when it says so; else derived from the session folder. */
  readonly transcriptPath?: string;
};

export function commonHookInput(fields: HookSessionFields): HookCommonInput {
  return {
    session_id: fields.session.id,
    transcript_path: fields.transcriptPath ?? transcriptPathOf(fields.session),
    cwd: fields.cwd,
    permission_mode: fields.permissionMode,
  };
}

/**
 * A tool call's hook input. Inside a subagent the session is still the main one (its id and its
 * transcript, as in Claude Code): the conversation running the turn says which, through its subagent scope.
 */
export function commonInputOfContext(context: ToolUseContext): HookCommonInput {
  const main = context.subagents?.mainSession;
  return commonHookInput({
    session: main ? { id: main.id, dir: main.dir } : context.session,
    cwd: context.cwd,
    permissionMode: context.appState.get().toolPermissionContext.mode,
    ...(main?.transcriptPath ? { transcriptPath: main.transcriptPath } : {}),
  });
}

export function runContextOf(context: ToolUseContext): HookRunContext {
  return { signal: context.abortSignal, cwd: context.cwd, projectDir: context.projectRoot };
}
