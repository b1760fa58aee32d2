/**
 * What the user typed in earlier REPL sessions of this project, for ↑/↓ and
 * Ctrl+R. One JSON line per prompt in
 * `$AGENTCLI_CONFIG_DIR/projects/<slug>/input-history.ndjson` (not `.jsonl`,
 * so nothing that lists session transcripts mistakes it for one).
 *
 * Bounded: only the newest MAX_ENTRIES are kept in memory, only the file's
 * tail is read, and the file is rewritten to that size once it grows to
 * twice as much.
 */
import { appendFile, mkdir, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectDir } from '../settings/configPaths.js';

export const MAX_HISTORY_ENTRIES = 500;
/** Reading more than this from the end of the file would only find entries beyond the limit. */
const MAX_READ_BYTES = 2 * 1024 * 1024;
/** A single entry over this size (a giant paste) is not worth keeping. */
const MAX_ENTRY_CHARS = 20_000;

export type PromptHistory = {
  /** Oldest first, newest last. */
  readonly entries: () => readonly string[];
  add(prompt: string): Promise<void>;
};

type HistoryLine = { readonly prompt: string; readonly at: string };

export function historyFilePath(configDir: string, projectRoot: string): string {
  return path.join(projectDir(configDir, projectRoot), 'input-history.ndjson');
}

export async function openPromptHistory(options: {
  readonly configDir: string;
  readonly projectRoot: string;
  readonly maxEntries?: number;
}): Promise<PromptHistory> {
  const file = historyFilePath(options.configDir, options.projectRoot);
  const maxEntries = options.maxEntries ?? MAX_HISTORY_ENTRIES;
  const { entries, lineCount } = await readEntries(file);
  let kept = entries.slice(-maxEntries);
  let linesOnDisk = lineCount;
  // Appends are serialised so lines never interleave and compaction sees them all.
  let writing: Promise<void> = Promise.resolve();

  return {
    entries: () => kept,
    add(prompt) {
      const trimmed = prompt.trim();
      if (trimmed === '' || trimmed.length > MAX_ENTRY_CHARS || kept.at(-1) === prompt) return writing;
      kept = [...kept.slice(-(maxEntries - 1)), prompt];
      const line: HistoryLine = { prompt, at: new Date().toISOString() };
      writing = writing.then(async () => {
        try {
          await mkdir(path.dirname(file), { recursive: true });
          linesOnDisk++;
          if (linesOnDisk > maxEntries * 2) {
            await rewrite(file, kept);
            linesOnDisk = kept.length;
          } else {
            await appendFile(file, `${JSON.stringify(line)}\n`, 'utf8');
          }
        } catch {
          // History is a convenience: a read-only config dir must not break the REPL.
        }
      });
      return writing;
    },
  };
}

async function readEntries(file: string): Promise<{ entries: string[]; lineCount: number }> {
  let text: string;
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      const start = Math.max(0, size - MAX_READ_BYTES);
      const buffer = Buffer.alloc(size - start);
      await handle.read(buffer, 0, buffer.length, start);
      text = buffer.toString('utf8');
      // A read from the middle starts inside some line: drop that partial line.
      if (start > 0) text = text.slice(text.indexOf('\n') + 1);
    } finally {
      await handle.close();
    }
  } catch {
    return { entries: [], lineCount: 0 };
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const entries: string[] = [];
  for (const line of lines) {
    const prompt = parseLine(line);
    if (prompt !== undefined) entries.push(prompt);
  }
  return { entries, lineCount: lines.length };
}

function parseLine(line: string): string | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value === 'object' && value !== null && 'prompt' in value && typeof value.prompt === 'string') {
      return value.prompt;
    }
  } catch {
    // A torn or foreign line: skip it.
  }
  return undefined;
}

async function rewrite(file: string, entries: readonly string[]): Promise<void> {
  const at = new Date().toISOString();
  const text = entries.map((prompt) => JSON.stringify({ prompt, at } satisfies HistoryLine)).join('\n');
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${text}\n`, 'utf8');
  await rename(temp, file);
}
