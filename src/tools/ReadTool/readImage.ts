/**
 * Images go to the model as base64 image blocks. The media type comes from
 * the bytes, not the name: a PNG saved as .jpg is common, and the API
 * rejects an image whose declared type does not match its content.
 */
import { readFile } from 'node:fs/promises';
import type { ReadFileState } from '../../contract/readFileState.js';
import { sniffImageType } from '../../utils/files/fileKinds.js';
import { fileToolFailure, type FileToolFailure } from '../../utils/files/fileToolFailure.js';
import { formatBytes } from '../../utils/files/formatBytes.js';
import { snapshotOfWindow } from '../../utils/files/readFileGuard.js';
import type { ReadImageOutput } from './readResult.js';

/** Base64 of this many bytes stays under the API's 5 MB per-image limit. */
export const MAX_IMAGE_BYTES = Math.floor((5 * 1024 * 1024 * 3) / 4);

export type ImageReadRequest = {
  readonly filePath: string;
  readonly shownPath: string;
  readonly key: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly readFileState: ReadFileState;
  readonly signal: AbortSignal;
};

export async function readImageFile(request: ImageReadRequest): Promise<{ data: ReadImageOutput | FileToolFailure }> {
  const { shownPath, size } = request;
  if (size === 0) return fileToolFailure(`${shownPath} is empty (0 bytes), so there is no image to show.`);
  if (size > MAX_IMAGE_BYTES) {
    return fileToolFailure(
      `${shownPath} is ${formatBytes(size)}; images can be at most ${formatBytes(MAX_IMAGE_BYTES)}. Make a smaller copy first (for example with ImageMagick through Bash: \`convert ${shownPath} -resize 50% /tmp/smaller.png\`) and read that.`,
    );
  }
  const bytes = await readFile(request.filePath, { signal: request.signal });
  const mediaType = sniffImageType(bytes);
  if (!mediaType) {
    return fileToolFailure(`${shownPath} has an image extension but its content is not a PNG, JPEG, GIF or WebP image. Check it with Bash: \`file ${shownPath}\`.`);
  }
  // An image has no lines, and its bytes are not worth keeping: the guard compares the mtime only.
  request.readFileState.set(request.key, snapshotOfWindow(request.mtimeMs, { offset: 1, limit: 0 }));
  return {
    data: { type: 'image', filePath: request.filePath, shownPath, mediaType, base64: bytes.toString('base64'), bytes: size },
  };
}
