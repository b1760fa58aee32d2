/**
 * What kind of file a path holds, decided from its first bytes (and, for
 * formats whose bytes look like text, its extension). Decoding a binary file
 * as text would flood the model's context with garbage, and an image sent
 * with the wrong media type is rejected by the API, so both are sniffed
 * rather than trusted to the extension.
 */
import path from 'node:path';
import { detectBom } from './textEncoding.js';

export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp']);

/** Formats that are binary even when their first kilobytes happen to contain no NUL byte. */
const BINARY_EXTENSIONS: ReadonlySet<string> = new Set([
  '.pdf', '.zip', '.gz', '.tgz', '.bz2', '.xz', '.7z', '.rar', '.jar', '.war',
  '.exe', '.dll', '.so', '.dylib', '.a', '.o', '.obj', '.class', '.pyc', '.wasm',
  '.bmp', '.ico', '.tif', '.tiff', '.psd', '.heic', '.avif',
  '.mp3', '.mp4', '.mov', '.avi', '.mkv', '.wav', '.flac', '.ogg', '.webm',
  '.ttf', '.otf', '.woff', '.woff2', '.eot',
  '.sqlite', '.db', '.bin', '.dat', '.iso', '.dmg',
  '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx',
]);

/** How many leading bytes are sniffed. */
export const SNIFF_BYTES = 8_192;

export function hasImageExtension(filePath: string): boolean {
  return IMAGE_EXTENSIONS.has(path.extname(filePath).toLowerCase());
}

export function isNotebookPath(filePath: string): boolean {
  return path.extname(filePath).toLowerCase() === '.ipynb';
}

/** The image format the bytes really are, whatever the extension says. */
export function sniffImageType(head: Uint8Array): ImageMediaType | undefined {
  const bytes = (...values: number[]) => values.every((value, index) => head[index] === value);
  if (bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (bytes(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (bytes(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  const ascii = (from: number, to: number) => Buffer.from(head.subarray(from, to)).toString('latin1');
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/**
 * A file is binary if its extension says so or its head holds a NUL byte or
 * mostly control characters. UTF-16 text (which is full of NULs) is
 * recognised by its BOM first.
 */
export function looksBinary(filePath: string, head: Uint8Array): boolean {
  if (BINARY_EXTENSIONS.has(path.extname(filePath).toLowerCase())) return true;
  if (detectBom(head)?.encoding === 'utf16le') return false;
  const sample = head.subarray(0, SNIFF_BYTES);
  if (sample.length === 0) return false;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    // Tab, LF, FF, CR and ESC (ANSI colours in logs) are normal in text.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1b) control++;
  }
  return control / sample.length > 0.1;
}
