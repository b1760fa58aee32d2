// Sessions (issue 10), measured on the real code:
// 1. Transcript writing: 5,000 messages (≈ 50 MB: prompts, replies with tool calls, 38 kB tool
//    results) appended through TranscriptWriter, one write(2) per line — time per message.
// 2. Loading that transcript (parse, chain, repair) in-process.
// 3. Resume: the built CLI `-p --continue` over it, process start → first API request (the fake
//    server records when the request arrives), next to a fresh `-p` for reference. Target < 1 s.
// 4. The REPL resuming it in a real terminal (tmux): launch → prompt visible, and → a key typed is echoed.
//
// Prints one JSON row per figure (bench/run.mjs collects them). Run alone:
//   npm run build && node bench/session.bench.mjs
import { statSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBenchExports } from './benchBundle.mjs';
import { headlessFirstRequest } from './headlessFirstRequest.mjs';
import { hasTmux, openTmux } from './tmuxDriver.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CLI = path.join(root, 'bin', 'agentcli.js');
const MESSAGES = 5_000;
const RUNS = 5;
const rows = [];

function bundleEntry() {
  return importBenchExports('sessionBench', [
    "export { TranscriptWriter } from './src/session/transcript/transcriptWriter.ts';",
    "export { loadTranscript } from './src/session/transcript/loadTranscript.ts';",
    "export { transcriptFile } from './src/session/transcript/sessionFiles.ts';",
    "export { startFakeAnthropic } from './test/support/fakeAnthropic.ts';",
  ]);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const usage = { input_tokens: 1_000, output_tokens: 200, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
const filler = (size, seed) => `${seed} `.padEnd(size, 'abcdefghij klmnopqrst uvwxyz 0123456789 ');

/** A realistic session: prompt, reply with a tool call, its 38 kB result, a closing reply. */
function conversation(count) {
  const messages = [];
  for (let index = 0; messages.length < count; index++) {
    const id = `toolu_${index}`;
    const now = new Date().toISOString();
    messages.push({ type: 'user', uuid: crypto.randomUUID(), timestamp: now, content: filler(200, `prompt ${index}`) });
    messages.push({
      type: 'assistant', uuid: crypto.randomUUID(), timestamp: now, id: `msg_${index}a`, model: 'claude-sonnet-5', stopReason: 'tool_use', usage,
      content: [{ type: 'text', text: filler(500, 'Looking') }, { type: 'tool_use', id, name: 'Read', input: { file_path: `/src/file${index}.ts`, note: filler(300, 'n') } }],
    });
    messages.push({ type: 'user', uuid: crypto.randomUUID(), timestamp: now, isMeta: true, content: [{ type: 'tool_result', tool_use_id: id, content: filler(38_000, 'file') }] });
    messages.push({
      type: 'assistant', uuid: crypto.randomUUID(), timestamp: now, id: `msg_${index}b`, model: 'claude-sonnet-5', stopReason: 'end_turn', usage,
      content: [{ type: 'text', text: filler(1_000, 'Done') }],
    });
  }
  return messages.slice(0, count);
}

async function firstRequest(fake, cwd, configDir, args) {
  const { ms, request } = await headlessFirstRequest(fake, { cwd, configDir, args });
  return { ms, messages: request.body.messages.length };
}

/** The REPL resuming `sessionId`: ms from launch until the prompt shows, and until a typed key is echoed in it. */
async function replResume(fake, cwd, configDir, sessionId) {
  const terminal = await openTmux('session', {
    PATH: process.env.PATH, HOME: os.homedir(), TERM: 'xterm-256color', LANG: 'C.UTF-8',
    ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: fake.url, AGENTCLI_CONFIG_DIR: configDir,
  });
  const shown = [];
  const echoed = [];
  try {
    for (let index = 0; index <= RUNS; index++) {
      const target = `bench:run${index}`;
      const started = performance.now();
      await terminal.tmux('new-window', '-t', 'bench', '-n', `run${index}`, '-c', cwd, `${process.execPath} ${CLI} --resume ${sessionId} --fork-session --no-session-persistence`);
      const prompt = await terminal.waitFor(target, (text) => text.includes('Ask anything'), started);
      await terminal.tmux('send-keys', '-t', target, '-l', 'q');
      const echo = await terminal.waitFor(target, (text) => /> ?q/.test(text), started);
      // The first run warms the file cache and is not counted.
      if (index > 0) {
        shown.push(prompt - started);
        echoed.push(echo - started);
      }
      await terminal.tmux('kill-window', '-t', target);
    }
  } finally {
    await terminal.close();
  }
  return { shown: median(shown), echoed: median(echoed) };
}

const lib = await bundleEntry();
const cwd = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-session-cwd-')));
const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-session-config-'));
try {
  const sessionId = crypto.randomUUID();
  const file = lib.transcriptFile(configDir, cwd, sessionId);
  const writer = new lib.TranscriptWriter({ file, sessionId, cwd: () => cwd, gitBranch: 'main', secrets: ['sk-ant-bench-secret-000000'] });
  const messages = conversation(MESSAGES);
  const times = [];
  for (const message of messages) {
    const started = performance.now();
    // As the session writes them: each tool result when it arrives, then the answer (not written again when its results say it all).
    if (message.isMeta) {
      for (const block of message.content) writer.appendToolResultPart(block);
      writer.appendAnswer(message);
    } else {
      writer.appendMessage(message);
    }
    times.push(performance.now() - started);
  }
  writer.close();
  const sizeMb = statSync(file).size / 1_000_000;
  const mean = times.reduce((sum, value) => sum + value, 0) / times.length;
  const sorted = [...times].sort((a, b) => a - b);
  rows.push({ name: `transcript writing, ${MESSAGES} messages (${sizeMb.toFixed(1)} MB): mean per message`, value: Number(mean.toFixed(3)), unit: 'ms', target: '< 1 ms' });
  rows.push({ name: 'transcript writing: p99 per message (a 38 kB tool result line)', value: Number(sorted[Math.floor(sorted.length * 0.99)].toFixed(3)), unit: 'ms', target: '' });

  const loads = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const loaded = await lib.loadTranscript(file);
    loads.push(performance.now() - started);
    if (loaded.messages.length !== MESSAGES) throw new Error(`loaded ${loaded.messages.length} messages`);
  }
  rows.push({ name: `transcript loading (${sizeMb.toFixed(0)} MB, ${MESSAGES} messages: parse, chain, repair), median`, value: Math.round(median(loads)), unit: 'ms', target: '' });

  const fake = await lib.startFakeAnthropic({ script: () => ({ blocks: [{ type: 'text', text: 'ok' }] }), checkInvariants: false });
  try {
    const fresh = [];
    for (let run = 0; run < RUNS; run++) fresh.push((await firstRequest(fake, cwd, configDir, ['--no-session-persistence'])).ms);
    const resumed = [];
    let sent = 0;
    for (let run = 0; run < RUNS; run++) {
      // --fork-session: each run resumes the same 5,000 messages, not the ones the previous run added.
      const result = await firstRequest(fake, cwd, configDir, ['--resume', sessionId, '--fork-session', '--no-session-persistence']);
      resumed.push(result.ms);
      sent = result.messages;
    }
    rows.push({ name: 'headless -p, new session: process start → first API request, median', value: Math.round(median(fresh)), unit: 'ms', target: '' });
    rows.push({ name: `headless -p --resume of ${MESSAGES} messages (${sizeMb.toFixed(0)} MB; ${sent} sent): process start → first API request, median`, value: Math.round(median(resumed)), unit: 'ms', target: '< 1000 ms' });
    if (hasTmux()) {
      await writeFile(path.join(configDir, 'trusted-folders.json'), JSON.stringify([cwd]));
      const repl = await replResume(fake, cwd, configDir, sessionId);
      rows.push({ name: `REPL --resume of ${MESSAGES} messages: launch → prompt visible, median`, value: Math.round(repl.shown), unit: 'ms', target: '< 1000 ms' });
      rows.push({ name: `REPL --resume of ${MESSAGES} messages: launch → a typed key is echoed, median`, value: Math.round(repl.echoed), unit: 'ms', target: '' });
    }
  } finally {
    await fake.close();
  }
} finally {
  await rm(cwd, { recursive: true, force: true });
  await rm(configDir, { recursive: true, force: true });
}
for (const row of rows) console.log(JSON.stringify(row));
