/**
 * The edit itself, on text alone (no file system): find old_string, insist
 * on exactly one match unless replace_all, replace, and report where the new
 * text landed. Text here uses `\n` line endings; the tool converts back.
 */
import { cutMarker, formatNumberedLines, MAX_LINE_CHARS } from '../../utils/files/numberedLines.js';
import { describeNoMatch } from './describeNoMatch.js';
import { findOccurrences, lineNumbersAt, matchQuoteStyle } from './findOccurrences.js';

export type LineRange = { readonly start: number; readonly end: number };

export type EditOutcome =
  | {
      readonly ok: true;
      readonly newContent: string;
      readonly replacements: number;
      /** Where each replacement sits in the new content (1-based, inclusive). */
      readonly lineRanges: readonly LineRange[];
      readonly quotesNormalized: boolean;
    }
  | { readonly ok: false; readonly message: string };

export type EditRequest = {
  readonly content: string;
  readonly oldString: string;
  readonly newString: string;
  readonly replaceAll: boolean;
  readonly shownPath: string;
};

const MAX_LINE_NUMBERS_LISTED = 10;

export function applyEdit(request: EditRequest): EditOutcome {
  const { content, oldString, newString, shownPath } = request;
  if (oldString === '') {
    if (content !== '') {
      return {
        ok: false,
        message: `old_string is empty, which only creates a new file or fills an empty one — but ${shownPath} already has content. Put the exact text to replace in old_string, or use Write to replace the whole file.`,
      };
    }
    return { ok: true, newContent: newString, replacements: 1, lineRanges: [rangeOf(newString, 1)], quotesNormalized: false };
  }

  const found = findOccurrences(content, oldString);
  if (found.positions.length === 0) return { ok: false, message: describeNoMatch(content, oldString, shownPath) };
  if (found.positions.length > 1 && !request.replaceAll) {
    const lines = lineNumbersAt(content, found.positions);
    const listed = lines.slice(0, MAX_LINE_NUMBERS_LISTED).join(', ') + (lines.length > MAX_LINE_NUMBERS_LISTED ? ', …' : '');
    return {
      ok: false,
      message: `Found ${lines.length} matches of old_string in ${shownPath} (at lines ${listed}), and replace_all is not set. Add surrounding lines to old_string so it matches exactly one place, or set replace_all to true to replace all ${lines.length}.`,
    };
  }

  const pieces: string[] = [];
  const starts: number[] = [];
  const replacements: string[] = [];
  let outputLength = 0;
  let cursor = 0;
  for (const position of found.positions) {
    const before = content.slice(cursor, position);
    const replaced = content.slice(position, position + found.length);
    const replacement = found.quotesNormalized ? matchQuoteStyle(newString, replaced) : newString;
    pieces.push(before, replacement);
    outputLength += before.length;
    starts.push(outputLength);
    outputLength += replacement.length;
    replacements.push(replacement);
    cursor = position + found.length;
  }
  pieces.push(content.slice(cursor));
  const newContent = pieces.join('');
  const startLines = lineNumbersAt(newContent, starts);
  return {
    ok: true,
    newContent,
    replacements: found.positions.length,
    lineRanges: startLines.map((line, index) => rangeOf(replacements[index]!, line)),
    quotesNormalized: found.quotesNormalized,
  };
}

/** The lines `text` occupies when it starts on `startLine` (a deletion occupies its start line). */
function rangeOf(text: string, startLine: number): LineRange {
  const trimmed = text.endsWith('\n') ? text.slice(0, -1) : text;
  let breaks = 0;
  for (let index = trimmed.indexOf('\n'); index !== -1; index = trimmed.indexOf('\n', index + 1)) breaks++;
  return { start: startLine, end: startLine + breaks };
}

const SNIPPET_CONTEXT = 2;
const SNIPPET_MAX_LINES = 16;

/** A few numbered lines around the first change, so the model sees the result without a re-read. */
export function editSnippet(newContent: string, range: LineRange): string {
  const first = Math.max(1, range.start - SNIPPET_CONTEXT);
  const wanted = Math.min(range.end + SNIPPET_CONTEXT, first + SNIPPET_MAX_LINES - 1) - first + 1;
  const lines = linesFrom(newContent, first, wanted);
  return lines.length === 0 ? '' : formatNumberedLines(lines, first);
}

/** Up to `count` lines starting at 1-based `first`, without splitting the whole (possibly huge) text. */
function linesFrom(text: string, first: number, count: number): string[] {
  let start = 0;
  for (let line = 1; line < first; line++) {
    const newline = text.indexOf('\n', start);
    if (newline === -1) return [];
    start = newline + 1;
  }
  const lines: string[] = [];
  while (lines.length < count && start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end);
    lines.push(line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) + cutMarker(line.length) : line);
    start = end + 1;
  }
  return lines;
}
