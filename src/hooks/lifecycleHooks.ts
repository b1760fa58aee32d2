/**
 * SessionStart, SessionEnd and PreCompact, attached to the conversation's
 * lifecycle points. The conversation owner (src/session, the sessions
 * issue) announces `session_start` (startup | resume | clear | compact),
 * `pre_compact` (manual | auto, with the user's instructions) and
 * `session_end` (exit | clear | resume); this turns each announcement into
 * the hook event with Claude Code's names, so attaching hooks is one call:
 *
 *   conversation.onLifecycle(lifecycleHookListener(session.hooks, {...}))
 *
 * The event shape is written out here rather than imported, so this file
 * does not depend on how the owner is built.
 */
import type { PermissionMode } from '../contract/permissions.js';
import { runPreCompactHooks, runSessionEndHooks, runSessionStartHooks, type SessionHookCall } from './sessionHooks.js';
import type { HookSet } from './types.js';
import { runInstructionsLoadedHooks, runPostCompactHooks } from './lifecycleEventHooks.js';
import type { SessionShellEnvironment } from './sessionShellEnvironment.js';

type Identity = { readonly sessionId: string; readonly transcriptPath: string | undefined; readonly cwd: string };

export type LifecycleAnnouncement =
  | (Identity & { readonly type: 'session_start'; readonly source: 'startup' | 'resume' | 'clear' | 'compact' })
  | (Identity & { readonly type: 'pre_compact'; readonly trigger: 'manual' | 'auto'; readonly instructions: string | undefined })
  | (Identity & { readonly type: 'post_compact'; readonly trigger: 'manual' | 'auto'; readonly summary: string })
  | (Identity & { readonly type: 'session_end'; readonly reason: 'exit' | 'clear' | 'resume' });

export type LifecycleHookOptions = {
  readonly projectDir: string;
  readonly permissionMode: () => PermissionMode;
  /** SessionStart's stdout and additionalContext: goes to the model with the next prompt. */
  readonly addContext: (texts: readonly string[]) => void;
  /** The memory files in force, for InstructionsLoaded (at start and after a compaction). */
  readonly memoryFiles?: () => readonly LoadedInstructions[];
  /** Where SessionStart hooks' CLAUDE_ENV_FILE lines go, for the session's Bash commands. */
  readonly shellEnvironment?: SessionShellEnvironment;
};

/** A memory file as InstructionsLoaded reports it. */
export type LoadedInstructions = {
  readonly path: string;
  readonly scope: 'user' | 'project' | 'local';
  /** Files it pulled in with `@path`. */
  readonly imports: readonly { readonly path: string }[];
};

const MEMORY_TYPES = { user: 'User', project: 'Project', local: 'Local' } as const;

/** Claude Code's SessionEnd reasons for the owner's. */
const END_REASONS = { exit: 'prompt_input_exit', clear: 'clear', resume: 'other' } as const;

export function lifecycleHookListener(hooks: HookSet, options: LifecycleHookOptions): (event: LifecycleAnnouncement) => Promise<void> {
  return async (event) => {
    const withTranscript: SessionHookCall = {
      session: { id: event.sessionId, dir: '' },
      // Without persistence there is no transcript file: an empty path rather than one that never exists.
      transcriptPath: event.transcriptPath ?? '',
      cwd: event.cwd,
      permissionMode: options.permissionMode(),
      // Lifecycle hooks are not part of a turn: only their own timeout stops them.
      run: { signal: new AbortController().signal, cwd: event.cwd, projectDir: options.projectDir },
    };
    switch (event.type) {
      case 'session_start': {
        const context = await runSessionStartHooks(hooks, options.shellEnvironment ? { ...withTranscript, shellEnvironment: options.shellEnvironment } : withTranscript, event.source);
        if (context.length > 0) options.addContext(context);
        if (options.memoryFiles && hooks.has('InstructionsLoaded') && event.source !== 'clear') {
          const reason = event.source === 'compact' ? 'compact' : 'session_start';
          await runInstructionsLoadedHooks(
            hooks,
            withTranscript,
            options.memoryFiles().flatMap((file) => [
              { file_path: file.path, memory_type: MEMORY_TYPES[file.scope], load_reason: reason },
              ...file.imports.map((imported) => ({ file_path: imported.path, memory_type: MEMORY_TYPES[file.scope], load_reason: 'include' as const, parent_file_path: file.path })),
            ]),
          );
        }
        return;
      }
      case 'post_compact':
        return runPostCompactHooks(hooks, withTranscript, { trigger: event.trigger, compact_summary: event.summary });
      case 'pre_compact':
        return runPreCompactHooks(hooks, withTranscript, { trigger: event.trigger, customInstructions: event.instructions ?? '' });
      case 'session_end':
        return runSessionEndHooks(hooks, withTranscript, END_REASONS[event.reason]);
    }
  };
}
