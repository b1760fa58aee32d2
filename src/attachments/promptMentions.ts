/**
 * Files a prompt names: `@src/app.ts` mentions (a space escaped as `\ `),
 * and — since dropping a file on a terminal pastes its path — bare image
 * paths (`/home/me/Screenshot 1.png`, quoted or `file://`). They are read with
 * the Read tool by the front end, so a mention cannot read what a Read call
 * could not; an image arrives as an image block, not as text.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { hasImageExtension } from '../utils/files/fileKinds.js';

const MENTION = /(^|\s)@((?:[^\s\\]|\\ )+)/g;
/** A bare absolute (or ~/) path to an image, as a terminal pastes a dropped file: maybe quoted, spaces maybe escaped. */
const BARE_IMAGE_PATH = /(?:^|\s)(?:'(\/[^'\n]+|~\/[^'\n]+)'|"(\/[^"\n]+|~\/[^"\n]+)"|((?:file:\/\/)?(?:\/|~\/)(?:[^\s\\'"]|\\.)+))/g;

/** The paths mentioned as `@path`, as typed, in order, without duplicates. */
export function findMentionedPaths(prompt: string): string[] {
  const found: string[] = [];
  for (const match of prompt.matchAll(MENTION)) {
    const typed = match[2]!.replace(/\\ /g, ' ').replace(/[),.;:!?]+$/, '');
    if (typed !== '' && !found.includes(typed)) found.push(typed);
  }
  return found;
}

/** Bare image paths in the prompt (not @-mentioned): what a drag-and-drop or a pasted path leaves. */
export function findBareImagePaths(prompt: string): string[] {
  const found: string[] = [];
  for (const match of prompt.matchAll(BARE_IMAGE_PATH)) {
    let candidate = match[1] ?? match[2] ?? match[3]!.replace(/\\(.)/g, '$1');
    if (candidate.startsWith('file://')) candidate = decodeURIComponent(candidate.slice('file://'.length));
    candidate = candidate.replace(/[),.;:!?]+$/, '');
    if (hasImageExtension(candidate) && !found.includes(candidate)) found.push(candidate);
  }
  return found;
}

/**
 * Turns a pasted string into a mention when it is the path of an image (one
 * dropped file): `@/path/with\ spaces.png `. Anything else is returned as is.
 */
export function pastedImageMention(pasted: string): string | undefined {
  const text = pasted.trim();
  if (text === '' || text.includes('\n')) return undefined;
  const paths = findBareImagePaths(text);
  if (paths.length !== 1) return undefined;
  return `${imageMention(paths[0]!)} `;
}

/** `@path`, with spaces escaped so the mention stays one word. */
export function imageMention(file: string): string {
  return `@${file.replace(/ /g, '\\ ')}`;
}

export type MentionedFile = { readonly typed: string; readonly absolute: string; readonly isImage: boolean };

/** The mentions (and bare image paths) that name existing files; directories and missing paths stay plain text. */
export async function mentionedFiles(prompt: string, cwd: string, home = process.env.HOME ?? ''): Promise<MentionedFile[]> {
  const files: MentionedFile[] = [];
  const seen = new Set<string>();
  for (const typed of [...findMentionedPaths(prompt), ...findBareImagePaths(prompt)]) {
    const absolute = path.resolve(cwd, typed.startsWith('~/') ? path.join(home, typed.slice(2)) : typed);
    if (seen.has(absolute)) continue;
    try {
      if (!(await stat(absolute)).isFile()) continue;
    } catch {
      continue;
    }
    seen.add(absolute);
    files.push({ typed, absolute, isImage: hasImageExtension(absolute) });
  }
  return files;
}
