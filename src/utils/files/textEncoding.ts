/**
 * Text files come in more shapes than UTF-8 with LF. An edit must write the
 * file back in the shape it found it — same encoding, same byte-order mark,
 * same line endings — or a one-line change turns into a whole-file diff (or
 * corrupts every accented letter of a Latin-1 file). So every file tool
 * decodes through decodeText and encodes through encodeText.
 */

export type TextEncodingName = 'utf8' | 'utf16le' | 'latin1';
export type LineEnding = 'LF' | 'CRLF';

/** How a text file is stored on disk; enough to write it back the same way. */
export type TextFormat = {
  readonly encoding: TextEncodingName;
  readonly hasBom: boolean;
  /** CRLF only when every line break in the file is CRLF; mixed files are left byte-for-byte alone. */
  readonly lineEnding: LineEnding;
};

export type DecodedText = {
  /** The text without its BOM, with its line endings as stored. */
  readonly text: string;
  readonly format: TextFormat;
};

export const UTF8_LF: TextFormat = { encoding: 'utf8', hasBom: false, lineEnding: 'LF' };

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const UTF16LE_BOM = [0xff, 0xfe] as const;

function startsWith(buffer: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => buffer[index] === byte);
}

/** The BOM, if any, and the encoding it announces. */
export function detectBom(buffer: Uint8Array): { encoding: TextEncodingName; bomLength: number } | undefined {
  if (startsWith(buffer, UTF8_BOM)) return { encoding: 'utf8', bomLength: UTF8_BOM.length };
  if (startsWith(buffer, UTF16LE_BOM)) return { encoding: 'utf16le', bomLength: UTF16LE_BOM.length };
  return undefined;
}

/**
 * Whether the bytes are valid UTF-8. With `mayBeCut` a multi-byte character
 * split at the end of the buffer still counts as valid, so the check works
 * on the head of a large file.
 */
export function isValidUtf8(buffer: Uint8Array, options: { mayBeCut?: boolean } = {}): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buffer, { stream: options.mayBeCut ?? false });
    return true;
  } catch {
    return false;
  }
}

/**
 * Which encoding to decode with. Files that are not valid UTF-8 and carry no
 * BOM are read as Latin-1: every byte maps to one character and back, so
 * such a file round-trips exactly whatever its real 8-bit code page is.
 */
export function detectEncoding(head: Uint8Array, options: { isWholeFile: boolean }): { encoding: TextEncodingName; bomLength: number } {
  const bom = detectBom(head);
  if (bom) return bom;
  return { encoding: isValidUtf8(head, { mayBeCut: !options.isWholeFile }) ? 'utf8' : 'latin1', bomLength: 0 };
}

export function detectLineEnding(text: string): LineEnding {
  const lineFeeds = countOccurrences(text, '\n');
  if (lineFeeds === 0) return 'LF';
  return countOccurrences(text, '\r\n') === lineFeeds ? 'CRLF' : 'LF';
}

function countOccurrences(text: string, needle: string): number {
  let count = 0;
  for (let index = text.indexOf(needle); index !== -1; index = text.indexOf(needle, index + needle.length)) count++;
  return count;
}

export function decodeText(buffer: Buffer): DecodedText {
  const { encoding, bomLength } = detectEncoding(buffer, { isWholeFile: true });
  const text = buffer.subarray(bomLength).toString(encoding);
  return { text, format: { encoding, hasBom: bomLength > 0, lineEnding: detectLineEnding(text) } };
}

/** The text as the model sees and edits it: one `\n` per line break. */
export function toModelLineEndings(text: string, lineEnding: LineEnding): string {
  return lineEnding === 'CRLF' ? text.replace(/\r\n/g, '\n') : text;
}

/** Back from the model's view to the file's own line endings. */
export function toFileLineEndings(text: string, lineEnding: LineEnding): string {
  return lineEnding === 'CRLF' ? text.replace(/\r?\n/g, '\r\n') : text;
}

export type EncodeResult =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly unencodable: readonly string[] };

/** Encodes text (already in the file's line endings) in the file's encoding, BOM included. */
export function encodeText(text: string, format: TextFormat): EncodeResult {
  if (format.encoding === 'latin1') {
    const unencodable = charactersOutsideLatin1(text);
    if (unencodable.length > 0) return { ok: false, unencodable };
  }
  const body = Buffer.from(text, format.encoding);
  if (!format.hasBom) return { ok: true, bytes: body };
  const bom = Buffer.from(format.encoding === 'utf16le' ? UTF16LE_BOM : UTF8_BOM);
  return { ok: true, bytes: Buffer.concat([bom, body]) };
}

/** Up to five distinct characters that Latin-1 cannot store (Node would silently mangle them). */
function charactersOutsideLatin1(text: string): string[] {
  const found = new Set<string>();
  for (const character of text) {
    if (character.codePointAt(0)! > 0xff) {
      found.add(character);
      if (found.size === 5) break;
    }
  }
  return [...found];
}
