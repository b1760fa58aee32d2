/**
 * `@path` imports inside memory files: `@docs/style.md`, `@~/notes/me.md`,
 * `@/abs/path.md`. Resolved relative to the importing file, up to
 * MAX_IMPORT_DEPTH levels; a cycle or a missing file is reported and
 * skipped, never fatal. Text inside code spans and fenced blocks is not
 * scanned (an `@decorator` in a code sample is not an import), and neither is
 * an address like `me@example.com` (the `@` must start a word).
 *
 * An import puts a file's content in front of the model without a tool call,
 * so every target passes the memory read gate (memoryReadGate.ts: the Read
 * decision and the importer's area) before it is read. A refused target is
 * not read at all; the importing file shows a one-line note in its place.
 */
import { readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MemoryReadGate, MemoryReader } from './memoryReadGate.js';

export const MAX_IMPORT_DEPTH = 5;
/** Each imported file is cut at this many characters, like a memory file. */
const MAX_IMPORT_CHARS = 100_000;

type ImportReference = {
  readonly path: string;
  /** How the importing file named it (`@docs/style.md`). */
  readonly spelled: string;
  readonly importedBy: string;
};

/** An import, in the order the files name them: read, or refused by the gate (and never read). */
export type MemoryImport =
  | (ImportReference & { readonly kind: 'imported'; readonly content: string })
  | (ImportReference & { readonly kind: 'refused'; readonly reason: string });

export type ResolvedImports = { readonly imports: readonly MemoryImport[]; readonly problems: readonly string[] };

const IMPORT = /(?<=^|\s)@((?:~\/|\.{1,2}\/|\/)?[\w.\-/]*[\w-][\w.\-/]*)/g;

/** The `@path` references of a text, outside code. */
export function importReferences(text: string): string[] {
  const references: string[] = [];
  let inFence = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const outsideCode = line.replace(/`[^`]*`/g, ' ');
    for (const match of outsideCode.matchAll(IMPORT)) references.push(match[1]!);
  }
  return references;
}

/** Where `@spelled` in `importer` points: `~/` is the home folder, anything else is relative to the importer. */
export function importTarget(spelled: string, importer: string, home: string = os.homedir()): string {
  return spelled.startsWith('~/') ? path.join(home, spelled.slice(2)) : path.resolve(path.dirname(importer), spelled);
}

/** Every file `file` imports, depth first in the order they are named; each file once. */
export async function resolveImports(file: string, content: string, options: { readonly gate: MemoryReadGate; readonly reader: MemoryReader; readonly home?: string }): Promise<ResolvedImports> {
  const imports: MemoryImport[] = [];
  const problems: string[] = [];
  const seen = new Set([path.resolve(file)]);
  const home = options.home ?? os.homedir();

  const visit = async (importer: string, text: string, depth: number, chain: readonly string[]): Promise<void> => {
    for (const spelled of importReferences(text)) {
      const target = importTarget(spelled, importer, home);
      if (chain.includes(target)) {
        problems.push(`${importer}: @${spelled} imports a file that is already importing it (a cycle); skipped`);
        continue;
      }
      if (seen.has(target)) continue;
      if (depth > MAX_IMPORT_DEPTH) {
        problems.push(`${importer}: @${spelled} is more than ${MAX_IMPORT_DEPTH} imports deep; skipped`);
        continue;
      }
      seen.add(target);
      const verdict = await options.gate.mayImport(target, options.reader);
      if (!verdict.allowed) {
        imports.push({ kind: 'refused', path: target, spelled, importedBy: importer, reason: verdict.reason });
        continue;
      }
      let imported: string;
      try {
        // A FIFO or a device would hold start-up forever (or never end): only regular files are read.
        if (!(await stat(target)).isFile()) {
          problems.push(`${importer}: @${spelled} is not a regular file (${target}); skipped`);
          continue;
        }
        imported = await readFile(target, 'utf8');
      } catch {
        seen.delete(target);
        problems.push(`${importer}: @${spelled} was not found (${target}); skipped`);
        continue;
      }
      imports.push({ kind: 'imported', path: target, spelled, importedBy: importer, content: imported.slice(0, MAX_IMPORT_CHARS) });
      await visit(target, imported, depth + 1, [...chain, target]);
    }
  };
  await visit(path.resolve(file), content, 1, [path.resolve(file)]);
  return { imports, problems };
}

/** The line shown in place of a refused import (prompt, /memory, /context). */
export function refusedImportNote(item: Extract<MemoryImport, { kind: 'refused' }>): string {
  return `@${item.spelled} (in ${item.importedBy}): not imported: ${item.reason}`;
}
