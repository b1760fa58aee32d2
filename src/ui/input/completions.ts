/**
 * What the prompt can complete at the cursor: a /command at the start of the
 * input, or an @path mention anywhere. Pure: the caller supplies the command
 * registry and (for paths) the file lister.
 */
import type { TextBuffer } from './textBuffer.js';

export type CompletionContext =
  | { readonly kind: 'command'; readonly prefix: string; readonly start: number; readonly end: number }
  | { readonly kind: 'path'; readonly prefix: string; readonly start: number; readonly end: number }
  | undefined;

/** The token being completed: [start, end) is what a chosen suggestion replaces. */
export function completionContextAt(buffer: TextBuffer): CompletionContext {
  const { text, cursor } = buffer;
  if (text.startsWith('/')) {
    const firstSpace = text.search(/\s/);
    const end = firstSpace < 0 ? text.length : firstSpace;
    if (cursor <= end) return { kind: 'command', prefix: text.slice(1, end), start: 0, end };
  }
  let start = cursor;
  while (start > 0 && !/\s/.test(text[start - 1]!)) start--;
  if (text[start] !== '@') return undefined;
  let end = cursor;
  while (end < text.length && !/\s/.test(text[end]!)) end++;
  return { kind: 'path', prefix: text.slice(start + 1, cursor), start, end };
}

export type Suggestion = {
  /** What replaces the token. */
  readonly replacement: string;
  readonly label: string;
  readonly detail?: string;
  /** Enter on this suggestion also submits (a command that takes no arguments). */
  readonly submitsOnEnter: boolean;
};
