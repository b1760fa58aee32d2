/**
 * A conversation's persistence: the transcript writer of a main or child
 * conversation, and what taking up a saved conversation restores besides
 * its messages — the working directory it was in, and the permission mode
 * and todos it had (src/session/conversationSession.ts calls these; it stays
 * the one owner of the conversation's state).
 */
import { statSync } from 'node:fs';
import type { AppStateStore } from '../contract/appState.js';
import { PermissionState } from '../permissions/permissionState.js';
import type { ChildConversationOptions } from './conversationOptions.js';
import type { Session } from './session.js';
import type { LoadedTranscript } from './transcript/loadTranscript.js';
import { TranscriptWriter } from './transcript/transcriptWriter.js';

export const RESUME_REMINDER =
  '<system-reminder>This conversation was resumed from a saved session. Files may have changed since: read a file again before editing it.</system-reminder>';

export type TranscriptWriterOptions = {
  readonly session: Pick<Session, 'env' | 'git'>;
  readonly file: string;
  /** The main conversation's id (a child's sidechain lines carry its root's). */
  readonly sessionId: string;
  readonly child: ChildConversationOptions | undefined;
  readonly isSidechain: boolean;
  readonly cwd: () => string;
  /** The saved conversation the file continues, if any. */
  readonly resumed: LoadedTranscript | undefined;
  readonly onWarning: ((message: string) => void) | undefined;
};

export function openTranscriptWriter(options: TranscriptWriterOptions): TranscriptWriter {
  const { env } = options.session;
  const { child, resumed } = options;
  return new TranscriptWriter({
    file: options.file,
    sessionId: options.sessionId,
    ...(child ? { sidechain: { agentId: child.agentId, parentToolUseId: child.parentToolUseId } } : {}),
    gitBranch: options.session.git?.branch,
    cwd: options.cwd,
    leafUuid: resumed?.leafUuid ?? undefined,
    written: resumed?.writtenUuids,
    isSidechain: options.isSidechain,
    secrets: [env.ANTHROPIC_API_KEY ?? '', env.ANTHROPIC_AUTH_TOKEN ?? ''],
    onError: options.onWarning,
  });
}

/** Where a resumed conversation continues: its own folder if that still exists, else the current one (with a warning). */
export function resumedWorkingDirectory(saved: string | undefined, current: string, onWarning: ((message: string) => void) | undefined): string {
  if (!saved || saved === current) return current;
  if (isDirectory(saved)) return saved;
  onWarning?.(`the session's working directory ${saved} no longer exists; continuing in ${current}.`);
  return current;
}

/** The saved conversation's permission mode (unless the flags chose one) and todos. */
export function restoreSavedState(appState: AppStateStore, transcript: LoadedTranscript, options: { readonly keepMode: boolean }): void {
  const { todos, mode } = transcript;
  if (todos) appState.set((state) => ({ ...state, todos }));
  // A transcript never grants bypass: PermissionState lets it return only to a session started with it.
  if (mode !== undefined && !options.keepMode) new PermissionState(appState).setMode(mode, 'transcript');
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
