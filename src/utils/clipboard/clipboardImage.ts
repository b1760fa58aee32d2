/**
 * The image on the system clipboard, where a clipboard tool exists:
 * `wl-paste` under Wayland, `xclip` under X11. Terminals pass only text
 * through a paste, so Ctrl+V asks the tool directly. Nothing here is
 * required: without a tool (or without an image) the answer says so.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sniffImageType, type ImageMediaType } from '../files/fileKinds.js';

export type ClipboardImage =
  | { readonly ok: true; readonly file: string; readonly mediaType: ImageMediaType; readonly bytes: number }
  | { readonly ok: false; readonly reason: string };

const MAX_CLIPBOARD_BYTES = 20 * 1024 * 1024;
const TIMEOUT_MS = 3_000;
const EXTENSIONS: Record<ImageMediaType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

type Reader = { readonly program: string; readonly listTypes: readonly string[]; readonly read: (type: string) => readonly string[] };

function readersFor(env: NodeJS.ProcessEnv): Reader[] {
  const readers: Reader[] = [];
  if (env.WAYLAND_DISPLAY) readers.push({ program: 'wl-paste', listTypes: ['--list-types'], read: (type) => ['--no-newline', '--type', type] });
  if (env.DISPLAY) {
    readers.push({
      program: 'xclip',
      listTypes: ['-selection', 'clipboard', '-t', 'TARGETS', '-o'],
      read: (type) => ['-selection', 'clipboard', '-t', type, '-o'],
    });
  }
  return readers;
}

/** Saves the clipboard's image under `folder` and returns its path. */
export async function saveClipboardImage(folder: string, env: NodeJS.ProcessEnv = process.env): Promise<ClipboardImage> {
  const readers = readersFor(env);
  if (readers.length === 0) return { ok: false, reason: 'no graphical session (neither WAYLAND_DISPLAY nor DISPLAY is set)' };
  let lastReason = 'no clipboard tool found (install wl-clipboard or xclip)';
  for (const reader of readers) {
    const types = await run(reader.program, reader.listTypes, 'utf8', env);
    if (!types.ok) {
      lastReason = types.missing ? `${reader.program} is not installed` : `${reader.program} failed: ${types.error}`;
      continue;
    }
    const type = String(types.output)
      .split(/\s+/)
      .find((candidate) => /^image\/(png|jpeg|gif|webp)$/.test(candidate));
    if (!type) return { ok: false, reason: 'the clipboard holds no image' };
    const image = await run(reader.program, reader.read(type), 'buffer', env);
    if (!image.ok || !(image.output instanceof Buffer)) return { ok: false, reason: `${reader.program} could not read the image` };
    const mediaType = sniffImageType(image.output);
    if (!mediaType) return { ok: false, reason: 'the clipboard image is not PNG, JPEG, GIF or WebP' };
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, `pasted-${Date.now()}.${EXTENSIONS[mediaType]}`);
    await writeFile(file, image.output, { mode: 0o600 });
    return { ok: true, file, mediaType, bytes: image.output.length };
  }
  return { ok: false, reason: lastReason };
}

type RunResult = { ok: true; output: string | Buffer } | { ok: false; missing: boolean; error: string };

function run(program: string, args: readonly string[], encoding: 'utf8' | 'buffer', env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(program, [...args], { encoding, env, timeout: TIMEOUT_MS, maxBuffer: MAX_CLIPBOARD_BYTES }, (error, stdout) => {
      if (error) {
        const missing = 'code' in error && error.code === 'ENOENT';
        resolve({ ok: false, missing, error: error.message.split('\n')[0]! });
        return;
      }
      resolve({ ok: true, output: stdout });
    });
  });
}
