// REPL benchmarks (ARCHITECTURE §8). Prints one JSON row per figure for bench/run.mjs.
//
// In-process (bench/replDriver.tsx bundled into .bench-tmp/, each case in a fresh node process,
// the model replayed in-process so nothing but agentcli runs):
//   - render cost per streamed token: CPU of a 2,000-token answer streamed at 200 tokens/s,
//     with the Ink app mounted minus the same run without it;
//   - input echo latency with ≥1,000 items in the transcript (200 turns of prompt, Read call and
//     markdown answer), keys pressed at typing speed: press → the frame that shows it.
// The built binary (bin/agentcli.js) in a real terminal (tmux) against the fake Anthropic server:
//   - idle CPU over 10 s with the prompt up and nothing running;
//   - RSS after 200 turns (each: prompt, a Read call, a markdown answer).
//
//   node bench/repl.bench.mjs            (npm run bench builds dist/ first)
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBench } from './benchBundle.mjs';
import { cpuMs, hasTmux, openTmux, replBenchWorkspace, rssMb } from './tmuxDriver.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tmp = path.join(root, '.bench-tmp');
mkdirSync(tmp, { recursive: true });
const TURNS = Number(process.env.REPL_BENCH_TURNS ?? 200);

async function bundle(entry, name) {
  const outfile = path.join(tmp, name);
  await bundleForBench({
    entryPoints: [path.join(root, entry)],
    outfile,
  });
  return outfile;
}

function row(name, value, unit, target) {
  console.log(JSON.stringify({ name, value, unit, target }));
}

function driver(file, args) {
  // NODE_ENV=production: the REPL loads React's production build (see src/ui/startRepl.ts), so the driver does too.
  const result = spawnSync(process.execPath, ['--expose-gc', file, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`replDriver ${args.join(' ')} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

// --- in-process figures ---
const driverFile = await bundle('bench/replDriver.tsx', 'replDriver.mjs');
const TOKENS = 2000;
const RATE = 200;
const withUi = driver(driverFile, ['render', String(TOKENS), String(RATE)]);
const withoutUi = driver(driverFile, ['render', String(TOKENS), String(RATE), '--no-ui']);
const perToken = ((withUi.cpuMs - withoutUi.cpuMs) * 1000) / TOKENS;
row(`REPL render cost per streamed token (${TOKENS} tokens at ${RATE}/s)`, perToken.toFixed(1), 'µs CPU', `UI ${withUi.cpuMs.toFixed(0)} ms vs loop alone ${withoutUi.cpuMs.toFixed(0)} ms`);
// Ink writes a frame as three chunks (begin synchronized update, frame, end).
const frames = withUi.writes / 3;
row('REPL repaints per second while streaming', ((frames * 1000) / withUi.wallMs).toFixed(1), '/s', '≤ ~30');
row('REPL CPU per repaint while streaming', ((withUi.cpuMs - withoutUi.cpuMs) / frames).toFixed(2), 'ms', '');

const echo = driver(driverFile, ['echo', String(TURNS), '60']);
row(`REPL input echo latency p50 (${echo.printedItems} items in the transcript)`, echo.p50.toFixed(1), 'ms', '< 50 ms');
row(`REPL input echo latency p95 (${echo.printedItems} items)`, echo.p95.toFixed(1), 'ms', '< 50 ms');
row(`REPL input echo latency max (${echo.printedItems} items)`, echo.max.toFixed(1), 'ms', '< 50 ms');
row(`REPL in-process RSS after ${TURNS} turns`, echo.rssMb.toFixed(0), 'MB', '< 250 MB');
row(`REPL in-process JS heap in use after ${TURNS} turns (after GC)`, echo.heapMb.toFixed(0), 'MB', 'what stays alive; RSS above it is V8 headroom and native memory');

// --- the built binary in tmux ---
const tmuxAvailable = hasTmux();
if (!tmuxAvailable) {
  row('REPL binary figures', 'skipped', '', 'tmux is not installed');
  process.exit(0);
}
const serverFile = await bundle('test/support/fakeAnthropic.ts', 'replFakeAnthropic.mjs');
const scenarioFile = await bundle('test/support/scenario.ts', 'replScenario.mjs');
const { startFakeAnthropic } = await import(serverFile);
const { endTurn, text, toolUse, turn } = await import(scenarioFile);

const answer = (index) =>
  [
    `Turn ${index} answer: **notes.md** has forty lines.`,
    '',
    '- each line mentions `the project`',
    '',
    '```ts',
    'export const lines = 40;',
    '```',
    '',
    `marker-${index}-done`,
  ].join('\n');
const server = await startFakeAnthropic({
  script: (request) => {
    const messages = request.body.messages;
    const index = messages.length;
    return index % 4 === 1 ? turn(text('Reading.'), toolUse('Read', { file_path: 'notes.md' })) : endTurn(answer((index - 3) / 4));
  },
});
const workspace = replBenchWorkspace('tmux', server.url);
const terminal = await openTmux('repl', workspace.env);
const waitFor = (needle) => terminal.waitFor('bench:repl', (text) => text.includes(needle), performance.now());

try {
  await terminal.tmux('new-window', '-t', 'bench', '-n', 'repl', '-c', workspace.cwd, `${process.execPath} ${path.join(root, 'bin', 'agentcli.js')}`);
  const pid = await terminal.pidOf('bench:repl');
  await waitFor('Ask anything');
  // Let start-up finish (lazy chunks, the first GC) before calling the process idle.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const idleStart = cpuMs(pid);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idleMs = cpuMs(pid) - idleStart;
  // A profile of this window shows no JavaScript at all: what remains is V8's one-off memory-reducer GC after start-up.
  row('REPL idle CPU over 10 s (built binary, prompt up)', idleMs.toFixed(0), 'ms CPU', `~0 (${((idleMs / 10_000) * 100).toFixed(2)}%)`);

  const started = Date.now();
  for (let index = 0; index < TURNS; index++) {
    await terminal.tmux('send-keys', '-t', 'bench:repl', '-l', `turn ${index}: summarise notes.md`);
    await terminal.tmux('send-keys', '-t', 'bench:repl', 'Enter');
    await waitFor(`marker-${index}-done`);
  }
  const turnsSeconds = (Date.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  row(`REPL RSS after ${TURNS} turns (built binary; ${TURNS * 2} model turns, ${TURNS} Read calls)`, rssMb(pid).toFixed(0), 'MB', `< 250 MB (turns took ${turnsSeconds.toFixed(1)} s)`);
  const idleAfterStart = cpuMs(pid);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idleAfterMs = cpuMs(pid) - idleAfterStart;
  row(`REPL idle CPU over 10 s after ${TURNS} turns (built binary)`, idleAfterMs.toFixed(0), 'ms CPU', '~0');
} finally {
  await terminal.close();
  await server.close();
  workspace.remove();
}
