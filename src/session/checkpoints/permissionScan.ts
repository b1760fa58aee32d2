/**
 * The permission bits of every file a first snapshot knows, read by one
 * `find` per batch of folders instead of an lstat per file in this process.
 *
 * Why a child process: a tree cannot hold permission bits (permissionTable.ts),
 * and the user's index only knows the executable bit, so a first snapshot
 * must look at every file once. Node's lstat builds an object with four
 * Dates per call — for 10,000 files about 60 ms of this process's CPU and
 * its garbage — where find's C loop costs a few milliseconds, on the other
 * core, while git says what changed.
 *
 * Only the folders that hold known files are listed, one level each
 * (`-maxdepth 1`), so an ignored `node_modules/` below them is never walked.
 * GNU find's `-printf` is needed; without it (BSD find on macOS) the answer
 * is undefined and the caller looks at each file itself.
 */
import { spawn } from 'node:child_process';
import { PERMISSION_BITS } from './permissionTable.js';

/** Bytes of folder arguments per find process, well under any system's argument limit. */
const MAX_ARGUMENT_BYTES = 96 * 1024;

/** Bits of the regular files directly inside `folders` (relative to workTree, '' for its top), by relative path. */
export async function scanPermissionBits(workTree: string, folders: Iterable<string>): Promise<Map<string, number> | undefined> {
  const bits = new Map<string, number>();
  for (const batch of batches([...folders].map((folder) => (folder === '' ? '.' : `./${folder}`)))) {
    const output = await findOutput(workTree, batch, []);
    if (output?.code !== 0 && output?.code !== 1) return undefined;
    readInto(bits, output.stdout);
  }
  return bits;
}

/**
 * The same, listing only the files whose bits are not the usual 0644 / 0755 (`-perm` in find, so a
 * repository of 10,000 ordinary files answers with a few lines instead of 10,000 to parse). A file not
 * listed has the usual bits for its executable bit — which git's diff-files checks against the index, so
 * a file whose executable bit moved is looked at anyway. Any folder find could not read (or that is gone)
 * makes the answer undefined: its files might have any bits, and the caller asks scanPermissionBits.
 */
export async function scanUnusualPermissionBits(workTree: string, folders: Iterable<string>): Promise<Map<string, number> | undefined> {
  const bits = new Map<string, number>();
  const usual = [USUAL_BITS.file, USUAL_BITS.executable].flatMap((mode) => ['!', '-perm', mode.toString(8)]);
  for (const batch of batches([...folders].map((folder) => (folder === '' ? '.' : `./${folder}`)))) {
    const output = await findOutput(workTree, batch, usual);
    if (output?.code !== 0) return undefined;
    readInto(bits, output.stdout);
  }
  return bits;
}

/** The bits most files have under the usual umask (022). */
export const USUAL_BITS = { file: 0o644, executable: 0o755 } as const;

function* batches(folders: readonly string[]): Iterable<string[]> {
  let batch: string[] = [];
  let bytes = 0;
  for (const folder of folders) {
    if (batch.length > 0 && bytes + folder.length + 1 > MAX_ARGUMENT_BYTES) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(folder);
    bytes += folder.length + 1;
  }
  if (batch.length > 0) yield batch;
}

/**
 * find's output and exit code, or undefined when find could not do the job (missing, or no `-printf`). A
 * folder that is gone or unreadable makes find exit 1 after printing the rest.
 */
function findOutput(workTree: string, folders: readonly string[], tests: readonly string[]): Promise<{ code: number; stdout: Buffer } | undefined> {
  return new Promise((resolve) => {
    // Every argument starts with "./", so none can be read as an expression; -P (the default) never follows a link.
    const child = spawn('find', [...folders, '-maxdepth', '1', '-type', 'f', ...tests, '-printf', '%m %p\\0'], { cwd: workTree, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4_096) stderr += chunk;
    });
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => {
      const unsupported = code !== 0 && /printf|unknown|illegal|invalid/i.test(stderr);
      resolve(code === null || unsupported || (code !== 0 && code !== 1) ? undefined : { code, stdout: Buffer.concat(chunks) });
    });
  });
}

/** Rows `<octal bits> ./<path>\0`. */
function readInto(bits: Map<string, number>, output: Buffer): void {
  let start = 0;
  while (start < output.length) {
    const end = output.indexOf(0, start);
    const row = output.toString('utf8', start, end === -1 ? output.length : end);
    start = end === -1 ? output.length : end + 1;
    const space = row.indexOf(' ');
    if (space <= 0 || !row.startsWith('./', space + 1)) continue;
    bits.set(row.slice(space + 3), Number.parseInt(row.slice(0, space), 8) & PERMISSION_BITS);
  }
}
