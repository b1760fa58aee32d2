/**
 * `# always use pnpm`: a prompt starting with `#` is a note for memory, not
 * a message to the model. The user picks the file (project, local project
 * or user memory); the line is appended there (memoryTargets.ts says how)
 * and the memory is read again, so the next request carries it.
 */
import { appendMemoryNote, standardMemoryTargets } from '../context/memoryTargets.js';
import type { Session } from '../session/session.js';
import type { ChoiceRequest } from '../types/userInteraction.js';
import { errorMessageOf } from '../utils/errors.js';
import { displayPath } from './builtin/memory.js';

export type MemoryNoteOutcome =
  | { readonly kind: 'saved'; readonly text: string; readonly tone: 'info' | 'error' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly text: string };

/** The note in a `#` prompt, or undefined when the text is not one (`#` alone is an ordinary prompt). */
export function memoryNoteOf(text: string): string | undefined {
  if (!text.startsWith('#')) return undefined;
  const note = text.slice(1).trim();
  return note === '' ? undefined : note;
}

export async function saveMemoryNote(
  note: string,
  options: { readonly session: Session; readonly choose: (request: ChoiceRequest) => Promise<string | undefined> },
): Promise<MemoryNoteOutcome> {
  const { session } = options;
  const targets = standardMemoryTargets({ cwd: session.cwd, configDir: session.info.configDir, inForce: session.memoryFiles });
  const chosen = await options.choose({
    title: `Where should agentcli remember "${note.length > 60 ? `${note.slice(0, 59)}…` : note}"?`,
    options: targets.map((target) => ({
      value: target.path,
      label: `${target.label}: ${displayPath(target.path, session.cwd)}`,
      ...(target.inForce ? {} : { description: 'new file' }),
    })),
  });
  if (chosen === undefined) return { kind: 'cancelled' };
  try {
    await appendMemoryNote(chosen, note);
  } catch (error) {
    return { kind: 'failed', text: `Could not write to ${chosen}: ${errorMessageOf(error)}` };
  }
  const problem = await session.reloadMemory();
  const saved = `Noted in ${chosen}; the next request carries it.`;
  return { kind: 'saved', tone: problem ? 'error' : 'info', text: problem ? `${saved}\n${problem}` : saved };
}
