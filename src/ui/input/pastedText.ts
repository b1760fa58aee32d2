/**
 * Big pastes stay out of the input box: the box shows a short placeholder
 * such as `[Pasted text #1 +120 lines]` and the real text is put back when
 * the prompt is submitted. Editing a long paste inside a terminal input is
 * never what the user wants, and rendering it would make every keystroke slow.
 */
export const PASTE_COLLAPSE_MIN_CHARS = 800;
export const PASTE_COLLAPSE_MIN_LINES = 6;

/** At most this many pastes are kept for one prompt; older ones are dropped from the table. */
const MAX_PASTES = 50;

export function shouldCollapsePaste(text: string): boolean {
  return text.length >= PASTE_COLLAPSE_MIN_CHARS || countLines(text) >= PASTE_COLLAPSE_MIN_LINES;
}

export class PastedTextStore {
  private readonly pastes = new Map<number, string>();
  private nextId = 1;

  /** Stores the text and returns the placeholder to insert in its place. */
  add(text: string): string {
    const id = this.nextId++;
    this.pastes.set(id, text);
    if (this.pastes.size > MAX_PASTES) this.pastes.delete(this.pastes.keys().next().value ?? id);
    const extraLines = countLines(text) - 1;
    return extraLines > 0 ? `[Pasted text #${id} +${extraLines} lines]` : `[Pasted text #${id} ${text.length} chars]`;
  }

  /** The prompt with every placeholder this store knows replaced by its text. */
  expand(prompt: string): string {
    return prompt.replace(/\[Pasted text #(\d+) [^\]]*\]/g, (placeholder, id: string) => this.pastes.get(Number(id)) ?? placeholder);
  }

  clear(): void {
    this.pastes.clear();
  }
}

function countLines(text: string): number {
  let lines = 1;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}

/** Terminals send CR for newlines in a paste; the prompt keeps LF. */
export function normalizePastedText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ');
}
