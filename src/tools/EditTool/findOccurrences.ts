/**
 * Where old_string occurs in the file. Exact matches first; failing that,
 * matches that differ only in curly versus straight quotes. Models often
 * type ' and " where the file has ‘ ’ “ ” (or the reverse), and refusing
 * such an edit only costs a round trip. When the quotes had to be treated as
 * equal, the replacement takes on the file's quote style so the edit does
 * not mix typography.
 */

const QUOTE_EQUIVALENTS: Readonly<Record<string, string>> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201A': "'", // ‚
  '\u201B': "'", // ‛
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u201E': '"', // „
  '\u201F': '"', // ‟
};
const CURLY_QUOTE = /[\u2018\u2019\u201A\u201B\u201C\u201D\u201E\u201F]/;
const CURLY_QUOTES = /[\u2018\u2019\u201A\u201B\u201C\u201D\u201E\u201F]/g;

/** Every curly quote becomes its straight twin. Each is one UTF-16 unit, so offsets are unchanged. */
export function straightenQuotes(text: string): string {
  return text.replace(CURLY_QUOTES, (quote) => QUOTE_EQUIVALENTS[quote] ?? quote);
}

export type Occurrences = {
  /** Start offsets of the non-overlapping matches, ascending. */
  readonly positions: readonly number[];
  /** The length of each match in the file. */
  readonly length: number;
  /** True when the match needed curly and straight quotes to count as equal. */
  readonly quotesNormalized: boolean;
};

export function findOccurrences(content: string, search: string): Occurrences {
  const exact = allPositions(content, search);
  if (exact.length > 0 || search === '') return { positions: exact, length: search.length, quotesNormalized: false };
  const looseSearch = straightenQuotes(search);
  const looseContent = straightenQuotes(content);
  if (looseSearch === search && looseContent === content) return { positions: [], length: search.length, quotesNormalized: false };
  return { positions: allPositions(looseContent, looseSearch), length: search.length, quotesNormalized: true };
}

function allPositions(content: string, search: string): number[] {
  if (search === '') return [];
  const positions: number[] = [];
  for (let index = content.indexOf(search); index !== -1; index = content.indexOf(search, index + search.length)) {
    positions.push(index);
  }
  return positions;
}

/**
 * Gives the replacement the quote style of the text it replaces: curly if
 * the file's text had curly quotes there, straight otherwise.
 */
export function matchQuoteStyle(replacement: string, replacedText: string): string {
  return CURLY_QUOTE.test(replacedText) ? curlQuotes(replacement) : straightenQuotes(replacement);
}

function curlQuotes(text: string): string {
  let result = '';
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    const before = index > 0 ? text[index - 1]! : '';
    const after = index + 1 < text.length ? text[index + 1]! : '';
    const opens = before === '' || /[\s([{\u2014\u2013-]/.test(before);
    if (character === '"') result += opens ? '\u201C' : '\u201D';
    else if (character === "'") {
      const isApostrophe = /\p{L}/u.test(before) && /\p{L}/u.test(after);
      result += isApostrophe || !opens ? '\u2019' : '\u2018';
    } else result += character;
  }
  return result;
}

/** 1-based line numbers of ascending offsets, counted in one pass. */
export function lineNumbersAt(content: string, positions: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let scanned = 0;
  for (const position of positions) {
    for (let index = content.indexOf('\n', scanned); index !== -1 && index < position; index = content.indexOf('\n', index + 1)) {
      line++;
      scanned = index + 1;
    }
    lines.push(line);
  }
  return lines;
}
