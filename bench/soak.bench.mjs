// REPL soak (issue 23): the built binary in a real terminal (tmux) against the fake server, for
// hundreds of prompts, each a streamed preamble with a Read call and then a streamed markdown
// answer. Reports, for a long session (ARCHITECTURE §8 "Long sessions": flat RSS and per-prompt CPU,
// keystroke echo < 50 ms at any transcript length):
//   - RSS growth per 100 prompts (from prompt 100 on: the first 100 include start-up and JIT);
//   - CPU per prompt over the first 25 prompts and over the last 25;
//   - keystroke echo latency at the end (key sent → visible in the pane, median and worst of 15);
//   - idle CPU over 10 s at the end.
//
// Opt-in (it takes minutes): `npm run bench soak`, or AGENTCLI_SOAK=1 with the whole bench.
// AGENTCLI_SOAK_PROMPTS sets the number of prompts (default 300).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBench, benchTmp } from './benchBundle.mjs';
import { cpuMs, hasTmux, openTmux, replBenchWorkspace, rssMb } from './tmuxDriver.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PROMPTS = Number(process.env.AGENTCLI_SOAK_PROMPTS ?? 300);
const WINDOW = 25;

function row(name, value, unit, target, extra = {}) {
  console.log(JSON.stringify({ name, value, unit, target, ...extra }));
}

if (process.env.AGENTCLI_SOAK !== '1') {
  row('REPL soak', 'skipped', '', 'opt-in: npm run bench soak (or AGENTCLI_SOAK=1)');
  process.exit(0);
}
if (!hasTmux()) {
  row('REPL soak', 'skipped', '', 'tmux is not installed');
  process.exit(0);
}

async function bundle(entry, name) {
  const outfile = path.join(benchTmp, name);
  await bundleForBench({ entryPoints: [path.join(root, entry)], outfile });
  return outfile;
}
const { startFakeAnthropic } = await import(await bundle('test/support/fakeAnthropic.ts', 'soakFakeAnthropic.mjs'));
const { endTurn, text, toolUse, turn } = await import(await bundle('test/support/scenario.ts', 'soakScenario.mjs'));

const answer = (index) =>
  [
    `Prompt ${index}: **notes.md** has forty lines, each about the project.`,
    '',
    '- the first says where it starts',
    '- the last says where it ends',
    '',
    '```ts',
    `export const prompt = ${index};`,
    '```',
    '',
    `soak-${index}-done`,
  ].join('\n');
const server = await startFakeAnthropic({
  script: (request) => {
    // Each prompt adds four messages: the prompt, the Read call, its result, the answer.
    const messages = request.body.messages;
    const prompt = Math.floor(messages.length / 4);
    // Streamed like a model: text in small chunks with a few ms between events.
    return messages.length % 4 === 1
      ? { ...turn(text('Let me read the notes first.'), toolUse('Read', { file_path: 'notes.md' })), chunkDelayMs: 2, textChunkSize: 6 }
      : { ...endTurn(answer(prompt)), chunkDelayMs: 2, textChunkSize: 6 };
  },
});
const workspace = replBenchWorkspace('soak', server.url);
const terminal = await openTmux('soak', workspace.env);
const target = 'bench:soak';
const screenHas = (needle, timeoutMs) => terminal.waitFor(target, (screen) => screen.includes(needle), performance.now(), timeoutMs);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await terminal.tmux('new-window', '-t', 'bench', '-n', 'soak', '-c', workspace.cwd, `${process.execPath} ${path.join(root, 'bin', 'agentcli.js')}`);
  const pid = await terminal.pidOf(target);
  await screenHas('Ask anything');
  const rssAt = [];
  const cpuAt = [];
  const started = Date.now();
  for (let index = 0; index < PROMPTS; index++) {
    if (index % 100 === 0) rssAt.push(rssMb(pid));
    cpuAt.push(cpuMs(pid));
    await terminal.tmux('send-keys', '-t', target, '-l', `prompt ${index}: what is in notes.md?`);
    await terminal.tmux('send-keys', '-t', target, 'Enter');
    await screenHas(`soak-${index}-done`, 30_000);
  }
  cpuAt.push(cpuMs(pid));
  rssAt.push(rssMb(pid));
  const seconds = (Date.now() - started) / 1000;

  // RSS per 100 prompts after the first hundred (start-up, JIT and the first caches are in those).
  const steady = rssAt.slice(1);
  const growthPer100 = steady.length > 1 ? (steady.at(-1) - steady[0]) / (steady.length - 1) : 0;
  row(`REPL soak: RSS growth per 100 prompts (prompts 100-${PROMPTS}; each a Read call and a streamed answer)`, growthPer100.toFixed(1), 'MB', 'flat (≈ 0)', {
    rss_every_100: rssAt.map((mb) => Math.round(mb)),
    seconds: Math.round(seconds),
  });
  const perPrompt = cpuAt.slice(1).map((cpu, index) => cpu - cpuAt[index]);
  const firstCpu = perPrompt.slice(1, WINDOW + 1);
  const lastCpu = perPrompt.slice(-WINDOW);
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  row(`REPL soak: CPU per prompt, prompts 2-${WINDOW + 1} → last ${WINDOW}`, `${mean(firstCpu).toFixed(0)} → ${mean(lastCpu).toFixed(0)}`, 'ms CPU', 'flat');

  // Echo: a key sent to the pane → the pane shows it. tmux's own round trip (send + capture) is in it too.
  const echoes = [];
  for (let sample = 0; sample < 15; sample++) {
    const typed = `echo-probe-${sample}`;
    await terminal.tmux('send-keys', '-t', target, '-l', typed.slice(0, -1));
    await screenHas(typed.slice(0, -1));
    const sent = performance.now();
    await terminal.tmux('send-keys', '-t', target, '-l', typed.at(-1));
    const seen = await terminal.waitFor(target, (screen) => screen.includes(typed), sent, 5_000);
    echoes.push(seen - sent);
    await terminal.tmux('send-keys', '-t', target, 'C-u');
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  row(`REPL soak: keystroke echo after ${PROMPTS} prompts (median; worst)`, median(echoes).toFixed(1), 'ms', '< 50 ms', { worst: Math.round(Math.max(...echoes)) });

  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idleStart = cpuMs(pid);
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  row(`REPL soak: idle CPU over 10 s after ${PROMPTS} prompts`, (cpuMs(pid) - idleStart).toFixed(0), 'ms CPU', '~0');
} finally {
  await terminal.close();
  await server.close();
  workspace.remove();
}
