/**
 * /resume and `--resume` without an id: the saved sessions of this project,
 * newest first, in a picker with a search box (first prompt, last activity,
 * message count, branch); the session under the cursor previews its first
 * prompt, last message, date and size. Typed text that matches nothing can
 * be given as "a session id" (one from another project, or copied).
 */
import type { ConversationSession } from '../../session/conversationSession.js';
import { loadSavedSession } from '../../app/startConversation.js';
import type { LoadedTranscript } from '../../session/transcript/loadTranscript.js';
import { listSessionFiles, summarizeSessionFile, type SessionSummary } from '../../session/transcript/sessionFiles.js';
import type { ChoiceOption, ChoiceRequest } from '../../types/userInteraction.js';
import { errorMessageOf } from '../../utils/errors.js';
import { plural } from '../../utils/format.js';

const MAX_LISTED = 50;
const PREVIEW_CHARS = 300;

export type PickedSession =
  | { readonly kind: 'picked'; readonly transcript: LoadedTranscript; readonly file: string }
  | { readonly kind: 'none'; readonly tone: 'info' | 'error'; readonly message: string };

export async function pickSession(options: {
  readonly conversation: ConversationSession;
  readonly id: string | undefined;
  readonly choose: (request: ChoiceRequest) => Promise<string | undefined>;
  readonly now?: number;
}): Promise<PickedSession> {
  const { conversation } = options;
  const configDir = conversation.session.info.configDir;
  const projectRoot = conversation.session.cwd;
  let id = options.id?.trim();
  if (!id) {
    const files = (await listSessionFiles(configDir, projectRoot)).filter((entry) => entry.id !== conversation.id).slice(0, MAX_LISTED);
    if (files.length === 0) return { kind: 'none', tone: 'info', message: 'There are no other saved sessions in this project.' };
    const summaries = await Promise.all(files.map(summarizeSessionFile));
    const now = options.now ?? Date.now();
    const answer = (
      await options.choose({
        title: 'Which session do you want to resume?',
        searchable: true,
        freeText: { label: 'a session id' },
        options: summaries.map((summary) => sessionOption(summary, now)),
      })
    )?.trim();
    if (!answer) return { kind: 'none', tone: 'info', message: 'Resume cancelled.' };
    id = answer;
  }
  try {
    const saved = await loadSavedSession(configDir, projectRoot, id);
    if (!saved) return { kind: 'none', tone: 'error', message: `No saved session with id ${id}.` };
    return { kind: 'picked', ...saved };
  } catch (error) {
    return { kind: 'none', tone: 'error', message: `Could not read session ${id}: ${errorMessageOf(error)}` };
  }
}

export function sessionOption(summary: SessionSummary, now: number): ChoiceOption {
  const prompt = oneLine(summary.firstPrompt) || '(no prompt)';
  const short = prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt;
  const details = [ago(now - summary.modifiedMs), plural(summary.messageCount, 'message')];
  if (summary.gitBranch) details.push(summary.gitBranch);
  const last = summary.lastMessage;
  return {
    value: summary.id,
    label: `${short} [${summary.id.slice(0, 8)}]`,
    description: details.join(' · '),
    preview: [
      `First prompt: ${clip(prompt)}`,
      `Last message (${last?.role === 'assistant' ? 'assistant' : 'you'}): ${last ? clip(oneLine(last.text)) : '(none)'}`,
      `${new Date(summary.modifiedMs).toLocaleString()} · ${plural(summary.messageCount, 'message')}${summary.gitBranch ? ` · branch ${summary.gitBranch}` : ''} · ${summary.id}`,
    ],
  };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function clip(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

function ago(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}
