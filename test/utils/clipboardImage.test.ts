import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveClipboardImage } from '../../src/utils/clipboard/clipboardImage.js';
import { TINY_PNG, TINY_PNG_BASE64 } from '../support/tinyPng.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-clipboard-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in for xclip / wl-paste: lists the types it is given and prints the PNG for image/png. */
async function fakeTool(name: string, types: string): Promise<void> {
  const script = `#!/bin/sh\ncase "$*" in\n  *TARGETS*|*--list-types*) printf '%s\\n' ${types} ;;\n  *image/png*) printf '%s' '${TINY_PNG_BASE64}' | base64 -d ;;\n  *) exit 1 ;;\nesac\n`;
  await writeFile(path.join(dir, name), script);
  await chmod(path.join(dir, name), 0o755);
}

describe('the clipboard image', () => {
  it('is read with xclip under X11 and saved as a file', async () => {
    await fakeTool('xclip', "'TARGETS' 'image/png' 'text/plain'");
    const saved = await saveClipboardImage(path.join(dir, 'images'), { PATH: `${dir}:/usr/bin:/bin`, DISPLAY: ':0' });
    expect(saved).toMatchObject({ ok: true, mediaType: 'image/png' });
    if (saved.ok) expect(await readFile(saved.file)).toEqual(TINY_PNG);
  });

  it('is read with wl-paste under Wayland', async () => {
    await fakeTool('wl-paste', "'image/png'");
    const saved = await saveClipboardImage(path.join(dir, 'images'), { PATH: `${dir}:/usr/bin:/bin`, WAYLAND_DISPLAY: 'wayland-0' });
    expect(saved.ok).toBe(true);
  });

  it('says why when there is nothing to paste', async () => {
    await fakeTool('xclip', "'TARGETS' 'text/plain'");
    expect(await saveClipboardImage(dir, { PATH: `${dir}:/usr/bin:/bin`, DISPLAY: ':0' })).toEqual({ ok: false, reason: 'the clipboard holds no image' });
    expect(await saveClipboardImage(dir, { PATH: dir })).toMatchObject({ ok: false, reason: expect.stringContaining('no graphical session') });
    expect(await saveClipboardImage(dir, { PATH: path.join(dir, 'nowhere'), WAYLAND_DISPLAY: 'w' })).toEqual({ ok: false, reason: 'wl-paste is not installed' });
  });
});
