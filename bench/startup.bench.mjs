// REPL start-up and memory (issue 11), on the built binary in a real terminal (tmux):
//   - launch → prompt visible, and → a key typed then echoed in the prompt: median of 10
//     (the first run warms the file cache and is not counted), with the CPU the process
//     had used when the prompt showed (less sensitive to other load on the machine);
//   - RSS after one answer (a prompt, a Read call, a markdown answer).
//
//   node bench/startup.bench.mjs            (npm run bench builds dist/ first)
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBench, benchTmp } from './benchBundle.mjs';
import { cpuMs, hasTmux, openTmux, replBenchWorkspace, rssMb } from './tmuxDriver.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const RUNS = Number(process.env.STARTUP_BENCH_RUNS ?? 10);

function row(name, value, unit, target, extra = {}) {
  console.log(JSON.stringify({ name, value, unit, target, ...extra }));
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

if (!hasTmux()) {
  row('REPL start-up figures', 'skipped', '', 'tmux is not installed');
  process.exit(0);
}

async function bundle(entry, name) {
  const outfile = path.join(benchTmp, name);
  await bundleForBench({ entryPoints: [path.join(root, entry)], outfile });
  return outfile;
}
const { startFakeAnthropic } = await import(await bundle('test/support/fakeAnthropic.ts', 'startupFakeAnthropic.mjs'));
const { endTurn, text, toolUse, turn } = await import(await bundle('test/support/scenario.ts', 'startupScenario.mjs'));

const server = await startFakeAnthropic({
  script: (request) =>
    request.body.messages.length === 1
      ? turn(text('Reading.'), toolUse('Read', { file_path: 'notes.md' }))
      : endTurn('**notes.md** has forty lines.\n\n- each mentions `the project`\n\n```ts\nexport const lines = 40;\n```\n\nanswer-done'),
});
const workspace = replBenchWorkspace('start', server.url);
const { cwd } = workspace;
// STARTUP_BENCH_BIN: another build's bin/agentcli.js, to compare before and after a change.
const binary = `${process.execPath} ${process.env.STARTUP_BENCH_BIN ?? path.join(root, 'bin', 'agentcli.js')}`;

let terminal;
try {
  terminal = await openTmux('start', workspace.env);
  const { tmux, waitFor } = terminal;
  const visible = [];
  const echoed = [];
  const cpuAtPrompt = [];
  for (let index = 0; index <= RUNS; index++) {
    const target = `bench:run${index}`;
    const started = performance.now();
    // -P prints the new pane's pid, so nothing stands between seeing the prompt and typing the key.
    const pid = Number((await tmux('new-window', '-P', '-F', '#{pane_pid}', '-t', 'bench', '-n', `run${index}`, '-c', cwd, binary)).stdout.trim());
    const shown = await waitFor(target, (text) => text.includes('Ask anything'), started);
    const cpu = cpuMs(pid);
    await tmux('send-keys', '-t', target, '-l', 'q');
    const echo = await waitFor(target, (text) => /> ?q/.test(text), started);
    if (index > 0) {
      visible.push(shown - started);
      echoed.push(echo - started);
      cpuAtPrompt.push(cpu);
    }
    await tmux('kill-window', '-t', target);
  }
  const load = os.loadavg()[0].toFixed(1);
  row(`REPL launch → prompt visible (median of ${RUNS})`, Math.round(median(visible)), 'ms', '≤ 350 ms', { min: Math.round(Math.min(...visible)), max: Math.round(Math.max(...visible)), load });
  row(`REPL launch → a key typed at the prompt is echoed (median of ${RUNS})`, Math.round(median(echoed)), 'ms', '≤ 350 ms', { load });
  row('REPL prompt visible → the typed key echoed (median; includes tmux send-keys and screen polling)', Math.round(median(echoed.map((echo, index) => echo - visible[index]))), 'ms', '');
  row('REPL CPU used by the time the prompt shows (median; load-independent)', Math.round(median(cpuAtPrompt)), 'ms CPU', '');

  // RSS after one answer: a prompt, a Read call, a markdown answer with a code block.
  const started = performance.now();
  await tmux('new-window', '-t', 'bench', '-n', 'answer', '-c', cwd, binary);
  await waitFor('bench:answer', (text) => text.includes('Ask anything'), started);
  const pid = await terminal.pidOf('bench:answer');
  await tmux('send-keys', '-t', 'bench:answer', '-l', 'summarise notes.md');
  await tmux('send-keys', '-t', 'bench:answer', 'Enter');
  await waitFor('bench:answer', (text) => text.includes('answer-done'), performance.now());
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  row('REPL RSS after one answer (built binary; a Read call and a markdown answer)', Math.round(rssMb(pid)), 'MB', '≤ 110 MB');
  const idleFrom = cpuMs(pid);
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  row('REPL idle CPU over 5 s after the answer', Math.round(cpuMs(pid) - idleFrom), 'ms CPU', '0');
} finally {
  await terminal?.close();
  await server.close();
  workspace.remove();
}
