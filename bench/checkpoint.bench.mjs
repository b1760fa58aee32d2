// Checkpoints (src/session/checkpoints/) on a 10,000-file git repository (100 folders × 100 files, committed):
//   first checkpoint   a fresh store and session snapshot every file          (target ≤ 150 ms)
//   little changed     5 files edited since the last snapshot                  (target ≤ 30 ms)
//   rewind 100 files   plan + restore after a prompt changed 100 files         (target ≤ 200 ms)
//   storage            bytes the store grows by for a 5-file change, next to the first snapshot's size
// and, for information: the first checkpoint after the warm-up a prompt's first call starts (CheckpointStore.
// warmUp: the slow part of a first snapshot, in the background while reads run and the model thinks), a first
// checkpoint when the user's index is stale (every file's stat data moved
// since git last looked, so every file is read again), and the index write a snapshot leaves for later.
// The user's repository is as `git status` leaves it (its index up to date), as in everyday use.
// Between rounds the store is let go quiet (store.idle(): the session index is written a moment after
// a snapshot answers, off the prompt's path; its cost is its own line). Medians of several rounds; CPU
// is this process's and its children's (git).  node bench/checkpoint.bench.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importBenchExports } from './benchBundle.mjs';

const { CheckpointStore, planRewind, applyRewind, scopeOf } = await importBenchExports('checkpoint', [
  "export { CheckpointStore } from './src/session/checkpoints/checkpointStore.ts';",
  "export { planRewind, applyRewind } from './src/session/checkpoints/rewindFiles.ts';",
  "export { scopeOf } from './src/session/checkpoints/snapshot.ts';",
]);

const FOLDERS = 100;
const FILES_PER_FOLDER = 100;
const base = mkdtempSync(path.join(process.platform === 'linux' ? '/var/tmp' : os.tmpdir(), 'agentcli-checkpoint-bench-'));
const repo = path.join(base, 'repo');
for (let folder = 0; folder < FOLDERS; folder++) {
  mkdirSync(path.join(repo, 'src', `mod${folder}`), { recursive: true });
  for (let file = 0; file < FILES_PER_FOLDER; file++) {
    writeFileSync(path.join(repo, 'src', `mod${folder}`, `file${file}.ts`), `export const value${file} = ${folder * FILES_PER_FOLDER + file};\n`.repeat(12));
  }
}
execFileSync('git', ['init', '-q'], { cwd: repo });
execFileSync('git', ['add', '-A'], { cwd: repo });
execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', 'commit', '-qm', 'init'], { cwd: repo });
// A repository's files are older than the session: git's racy-clean check (a file modified in the same second
// the index was written must be hashed again) should not see every file as racy, as it would right after creation.
const anHourAgo = new Date(Date.now() - 3_600_000);
const ageFiles = () => {
  for (let folder = 0; folder < FOLDERS; folder++) {
    for (let file = 0; file < FILES_PER_FOLDER; file++) utimesSync(path.join(repo, 'src', `mod${folder}`, `file${file}.ts`), anHourAgo, anHourAgo);
  }
};
ageFiles();
execFileSync('git', ['status', '--porcelain'], { cwd: repo }); // refreshes the user's index, as any git status does
const scope = scopeOf(repo);
const quiet = async (store) => store.idle?.();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** CPU time of this process and its reaped children (git), in ms: on a busy machine wall time is mostly waiting for a core. */
const cpuMs = () => {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
};
const cpu = [];
const time = async (work) => {
  const cpuBefore = process.platform === 'linux' ? cpuMs() : 0;
  const started = process.hrtime.bigint();
  await work();
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  cpu.push(process.platform === 'linux' ? cpuMs() - cpuBefore : NaN);
  return wall;
};
/** The CPU figure of the rounds since the last call. */
const cpuOfRounds = () => `CPU ${mean(cpu.splice(0)).toFixed(0)} ms/op`;
const duBytes = (dir) => {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? duBytes(full) : statSync(full).size;
  }
  return total;
};
const report = (name, value, unit, target) => console.log(JSON.stringify({ name, value: Number(value.toFixed(1)), unit, target }));

// First checkpoint: each round a fresh project folder (store and index), the files warm in the page cache.
const firstTimes = [];
const stores = [];
let store;
for (let round = 0; round < 3; round++) {
  const projectFolder = path.join(base, `project${round}`);
  store = new CheckpointStore({ projectFolder, sessionId: 'bench' });
  stores.push(store);
  await store.gitFor(scope); // creating the empty store is once per project, not per checkpoint
  firstTimes.push(await time(() => store.snapshot([scope])));
}
report('checkpoint: first snapshot of a 10,000-file repository', median(firstTimes), 'ms', `≤ 150 ms (${cpuOfRounds()})`);
// As a prompt usually meets it: its first call (a read, say) started the store's warm-up, and the first change
// comes after it (stores without warmUp have nothing to warm: the line then repeats the cold case).
const warmTimes = [];
for (let round = 0; round < 3; round++) {
  const warm = new CheckpointStore({ projectFolder: path.join(base, `warm${round}`), sessionId: 'bench' });
  stores.push(warm);
  await warm.gitFor(scope);
  warm.warmUp?.([scope]);
  await quiet(warm);
  cpu.splice(0);
  warmTimes.push(await time(() => warm.snapshot([scope])));
}
report('checkpoint: first snapshot after the warm-up of the prompt\'s first call', median(warmTimes), 'ms', `(${cpuOfRounds()})`);
// The same with the user's index stale: utimes moves every file's ctime, which git's index does not know yet.
ageFiles();
const staleTimes = [];
for (let round = 0; round < 3; round++) {
  const stale = new CheckpointStore({ projectFolder: path.join(base, `stale${round}`), sessionId: 'bench' });
  stores.push(stale);
  await stale.gitFor(scope);
  staleTimes.push(await time(() => stale.snapshot([scope])));
}
report('checkpoint: first snapshot, the user\'s index stale (information)', median(staleTimes), 'ms', cpuOfRounds());
execFileSync('git', ['status', '--porcelain'], { cwd: repo });
// The borrowed objects are copied into the store's own pack in the background: let that finish before measuring more.
for (const each of stores) {
  for (let waited = 0; waited < 600 && !existsSync(path.join(each.gitDir, 'localized-trees')); waited++) await new Promise((resolve) => setTimeout(resolve, 50));
  await quiet(each);
}
cpuMs();
const storeAfterFirst = duBytes(store.gitDir);

// Little changed: 5 files edited between snapshots.
const smallTimes = [];
let storeBefore = duBytes(store.gitDir);
let grown = [];
const persistTimes = [];
const persistCpu = [];
for (let round = 0; round < 15; round++) {
  for (let file = 0; file < 5; file++) writeFileSync(path.join(repo, 'src', `mod${round}`, `file${file}.ts`), `export const changed = ${round};\n`);
  smallTimes.push(await time(() => store.snapshot([scope])));
  persistTimes.push(await time(() => quiet(store)));
  persistCpu.push(cpu.pop());
  const size = duBytes(store.gitDir);
  grown.push(size - storeBefore);
  storeBefore = size;
}
report('checkpoint: snapshot when 5 of 10,000 files changed', median(smallTimes), 'ms', `≤ 30 ms (${cpuOfRounds()})`);
report('checkpoint: its index written after it answered (information)', median(persistTimes), 'ms', `CPU ${mean(persistCpu).toFixed(0)} ms/op`);
report('checkpoint: store growth for a 5-file change', median(grown) / 1024, 'KiB', `first snapshot ${(storeAfterFirst / 1024 / 1024).toFixed(1)} MiB; repo ${(duBytes(path.join(repo, 'src')) / 1024 / 1024).toFixed(1)} MiB`);

// Rewind of 100 files: a "prompt" edits 80, deletes 10 and creates 10; plan + restore back to before it.
const rewindTimes = [];
for (let round = 0; round < 5; round++) {
  const before = await store.snapshot([scope]);
  await quiet(store);
  cpu.splice(0);
  const folder = path.join(repo, 'src', `mod${50 + round}`);
  for (let file = 0; file < 80; file++) writeFileSync(path.join(folder, `file${file}.ts`), `export const edited = ${round};\n`);
  for (let file = 80; file < 90; file++) rmSync(path.join(folder, `file${file}.ts`));
  for (let file = 0; file < 10; file++) writeFileSync(path.join(folder, `new${file}.ts`), 'export {};\n');
  const after = await store.snapshot([scope]);
  await quiet(store);
  cpu.splice(0);
  const records = [{ messageUuid: `p${round}`, prompt: '', timestamp: '', before: before.trees, after: after.trees, notCheckpointed: [], irreversible: [] }];
  rewindTimes.push(
    await time(async () => {
      const plan = await planRewind(store, records, 0);
      if (plan.files.length !== 100) throw new Error(`expected 100 files in the plan, got ${plan.files.length}`);
      await applyRewind(store, plan, { overwriteUserEdits: false });
    }),
  );
}
report('checkpoint: rewind of 100 files (plan + restore)', median(rewindTimes), 'ms', `≤ 200 ms (${cpuOfRounds()})`);
rmSync(base, { recursive: true, force: true });
