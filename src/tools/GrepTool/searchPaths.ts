/**
 * Path handling shared by the search tools: how a result path is shown
 * (relative to the working directory when inside it, so the model can pass
 * it straight to Read) and the error text for a search root that is not
 * there, with the nearest real names as suggestions.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { closestNames } from '../../utils/closestNames.js';

export function displayPath(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute);
  if (relative === '') return '.';
  const outside = relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
  return outside ? absolute : relative;
}

/** The path to hand to rg so that its output paths come out as displayPath would show them. */
export function ripgrepPathArgument(absolute: string, cwd: string): string | undefined {
  const shown = displayPath(absolute, cwd);
  return shown === '.' ? undefined : shown;
}

export function describeMissingDirectory(target: string, cwd: string): string {
  if (exists(target)) {
    return `${target} is a file, not a folder. Pass the folder that contains it as path (or use Read to view the file).`;
  }
  return describeMissingPath(target, cwd);
}

export function describeMissingPath(target: string, cwd: string): string {
  const parent = path.dirname(target);
  let suggestion = '';
  try {
    const siblings = readdirSync(parent);
    const close = closestNames(path.basename(target), siblings);
    if (close.length > 0) suggestion = ` Did you mean ${close.map((name) => path.join(parent, name)).join(', ')}?`;
  } catch {
    // The parent is missing too; nothing close to suggest.
  }
  return `Path does not exist: ${target}.${suggestion} The current working directory is ${cwd}.`;
}

export function exists(target: string): boolean {
  try {
    statSync(target);
    return true;
  } catch {
    return false;
  }
}
