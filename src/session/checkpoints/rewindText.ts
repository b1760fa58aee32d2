/** How rewind points and planned file changes read, the same in the REPL's picker and an editor's /rewind. */
import path from 'node:path';
import { describeBits } from './permissionDiff.js';
import type { RewindFile } from './rewindFiles.js';
import type { RewindPoint } from './rewindPoints.js';

/** "2 files +4 −1: src/a.ts (+3 −1), src/b.ts (+1 −0) · cannot undo: git commit …" */
export function describeRewindPoint(point: RewindPoint, cwd: string): string {
  const parts: string[] = [];
  if (point.changedFiles.length === 0) parts.push('no file changes');
  else {
    const added = point.changedFiles.reduce((sum, file) => sum + file.linesAdded, 0);
    const removed = point.changedFiles.reduce((sum, file) => sum + file.linesRemoved, 0);
    const names = point.changedFiles.slice(0, 3).map((file) => `${relativeToCwd(file.path, cwd)} (${file.modeChange ? `mode ${describeBits(file.modeChange)}` : `+${file.linesAdded} −${file.linesRemoved}`})`);
    const more = point.changedFiles.length > 3 ? `, +${point.changedFiles.length - 3} more` : '';
    parts.push(`${point.changedFiles.length} ${point.changedFiles.length === 1 ? 'file' : 'files'} +${added} −${removed}: ${names.join(', ')}${more}`);
  }
  if (point.irreversible.length > 0) parts.push(`cannot undo: ${point.irreversible.join('; ')}`);
  return parts.join(' · ');
}

/** "restore src/a.ts (+1 −2)", "remove (created since) x", with the user's own change noted. */
export function describeRewindFile(file: RewindFile, cwd: string): string {
  const verb = { restore: 'restore', create: 'restore (deleted since)', remove: 'remove (created since)' }[file.action];
  const lines = file.modeChange ? ` (mode ${describeBits(file.modeChange)})` : file.linesAdded + file.linesRemoved > 0 ? ` (+${file.linesAdded} −${file.linesRemoved})` : '';
  return `${verb} ${relativeToCwd(file.path, cwd)}${lines}${file.userEdited ? ' — changed by you since' : ''}`;
}

export function relativeToCwd(file: string, cwd: string): string {
  const relativePath = path.relative(cwd, file);
  return relativePath.startsWith('..') ? file : relativePath;
}

export function shortPrompt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim() || '(empty prompt)';
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
