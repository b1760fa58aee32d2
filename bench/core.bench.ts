// Engine benchmarks (issue 2): start-up to first request, streaming overlap,
// loop overhead per tool round-trip, and peak RSS of a one-turn headless run.
// Bundled and run by bench/run.mjs; prints one JSON line per figure.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConversationSession } from '../src/session/conversationSession.js';
import { createAnthropicModelClient } from '../src/services/api/anthropicClient.js';
import { createSession } from '../src/app/createSession.js';
import type { Tool } from '../src/contract/tool.js';
import { EMPTY_USAGE } from '../src/services/api/cost.js';
import type { Message, RawMessageStreamEvent } from '../src/services/api/types.js';
import type { ModelClient } from '../src/contract/modelClient.js';
import { clockNow, startFakeAnthropic, type ScriptedTurn } from '../test/support/fakeAnthropic.js';
import { endTurn, text, toolUse, turn } from '../test/support/scenario.js';
import { createCallLog, echoTool, sleepTool } from '../test/support/syntheticTools.js';

const repoRoot = process.argv[2]!;
const cliBin = path.join(repoRoot, 'bin', 'agentcli.js');

function report(name: string, value: number, unit: string, target: string, extra: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ name, value: Math.round(value * 1000) / 1000, unit, target, ...extra })}\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

type LoopScript = ScriptedTurn[] | ((index: number) => ScriptedTurn) | { url: string } | { client: ModelClient };

async function runLoop(script: LoopScript, tools: Tool[]): Promise<number> {
  const server =
    'url' in script || 'client' in script
      ? { url: 'url' in script ? script.url : 'http://unused', close: async () => {} }
      : await startFakeAnthropic({ script: Array.isArray(script) ? script : (_req, index) => script(index) });
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-'));
  const session = await createSession({
    cwd: configDir,
    env: { AGENTCLI_CONFIG_DIR: configDir },
    permissionMode: 'bypassPermissions',
    isInteractive: false,
    isTrusted: true,
    baseTools: tools,
    modelClient: 'client' in script ? script.client : createAnthropicModelClient({ apiKey: 'bench', baseURL: server.url }),
  });
  const signal = new AbortController().signal;
  const started = clockNow();
  const run = new ConversationSession({ session, persist: false }).submit('go', { signal });
  let step = await run.next();
  while (!step.done) step = await run.next();
  const elapsed = clockNow() - started;
  await server.close();
  await rm(configDir, { recursive: true, force: true });
  return elapsed;
}

async function overlap(): Promise<void> {
  const log = createCallLog();
  await runLoop([endTurn('warm-up: loads the SDK once, as a real session has')], []);
  // The model emits the tool first, then keeps streaming text for 1.5 s.
  const stream15 = { ...turn(toolUse('Sleep', { ms: 1000 }), text('x')), delayBeforeBlockMs: [0, 1500] };
  const t15 = await runLoop([stream15, endTurn('done')], [sleepTool(log)]);
  report('overlap: 1.5 s stream + 1 s tool, turn time / serial sum', t15 / 2500, 'ratio', '≈0.6 (max(stream,tool)/sum)', { turn_ms: Math.round(t15) });
  const stream10 = { ...turn(toolUse('Sleep', { ms: 1000 }), text('x')), delayBeforeBlockMs: [0, 1000] };
  const t10 = await runLoop([stream10, endTurn('done')], [sleepTool(log)]);
  report('overlap: 1 s stream + 1 s tool, turn time', t10 / 1000, 's', '≤ 1.15 s');
}

async function loopOverhead(): Promise<void> {
  const turns = 200;
  // The server runs in its own process: its request handling is the model's latency, not loop overhead.
  const child = spawn(process.execPath, [path.join(path.dirname(process.argv[1]!), 'fakeServerProcess.mjs'), 'echo-loop', String(turns)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  try {
    await runLoop({ url }, [echoTool()]); // warm-up: JIT, connection pool
    const elapsed = await runLoop({ url }, [echoTool()]);
    report('round trip per tool turn through the real SDK over loopback (fake server in its own process, 200 turns)', elapsed / (turns + 1), 'ms', 'for reference');
  } finally {
    child.kill('SIGTERM');
  }
  // A zero-latency model: the stream events of each turn are ready the moment they are asked for, so
  // everything measured is the loop's own work (request building, assembly, executor, pipeline).
  // The first run in this process is the cold one a real session has: lazy modules load on first use.
  const cold = zeroLatencyClient(turns);
  await runLoop({ client: cold }, [echoTool()]);
  const coldTurns = turnDurations(cold.requestedAt);
  report('loop overhead per turn, cold process: median of 200 (zero-latency model)', median(coldTurns), 'ms', '≤ 5 ms');
  const worstCold = Math.max(...coldTurns);
  const slowest = coldTurns
    .map((ms, index) => `#${index + 1}: ${Math.round(ms)}`)
    .sort((a, b) => Number(b.split(': ')[1]) - Number(a.split(': ')[1]))
    .slice(0, 3);
  report(`loop overhead per turn, cold process: worst of 200 (slowest turns ${slowest.join(', ')} ms)`, worstCold, 'ms', '≤ 30 ms', { worst_turn: coldTurns.indexOf(worstCold) + 1 });
  const warm = zeroLatencyClient(turns);
  const engineOnly = await runLoop({ client: warm }, [echoTool()]);
  const warmTurns = turnDurations(warm.requestedAt);
  report('loop overhead per tool round-trip (zero-latency model, 200 turns)', engineOnly / (turns + 1), 'ms', '≤ 5 ms');
  report('loop overhead per turn, warm: median / worst of 200', median(warmTurns), 'ms', '≤ 5 ms / ≤ 30 ms', { worst: Math.round(Math.max(...warmTurns) * 10) / 10 });
}

/** Time from one model request to the next: the loop's own work for one turn (the model answers at once). */
function turnDurations(requestedAt: readonly number[]): number[] {
  return requestedAt.slice(1).map((at, index) => at - requestedAt[index]!);
}

function zeroLatencyClient(turns: number): ModelClient & { readonly requestedAt: number[] } {
  let served = 0;
  const requestedAt: number[] = [];
  const usage = { ...EMPTY_USAGE, input_tokens: 10, output_tokens: 5 };
  return {
    requestedAt,
    async *streamMessage(): AsyncGenerator<RawMessageStreamEvent> {
      requestedAt.push(performance.now());
      served++;
      const message: Message = {
        id: `msg_${served}`,
        type: 'message',
        role: 'assistant',
        model: 'zero',
        content: [],
        container: null,
        diagnostics: null,
        stop_details: null,
        stop_reason: null,
        stop_sequence: null,
        usage,
      };
      yield { type: 'message_start', message };
      if (served <= turns) {
        yield { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: `toolu_${served}`, name: 'Echo', input: {}, caller: { type: 'direct' } } };
        yield { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: `{"text":"${served}"}` } };
      } else {
        yield { type: 'content_block_start', index: 0, content_block: { type: 'text', text: 'done', citations: null } };
      }
      yield { type: 'content_block_stop', index: 0 };
      yield {
        type: 'message_delta',
        delta: { stop_reason: served <= turns ? 'tool_use' : 'end_turn', stop_sequence: null, container: null, stop_details: null },
        usage: { ...usage, output_tokens: 5 },
      };
      yield { type: 'message_stop' };
    },
    createMessage() {
      throw new Error('not used');
    },
  };
}

/**
 * Two Agent calls in one message, each child needing 1 s of model time: the
 * wall time from the first child starting to the last result (target ≤ 1.3 s).
 */
async function subagents(): Promise<void> {
  const firstPrompt = (body: { messages: Array<{ content: unknown }> }): string => {
    const content = body.messages[0]!.content;
    return typeof content === 'string' ? content : (content as Array<{ text?: string }>).map((block) => block.text ?? '').join('');
  };
  const server = await startFakeAnthropic({
    script: (request) => {
      const prompt = firstPrompt(request.body);
      if (prompt.startsWith('child')) return { ...endTurn(`${prompt} answer`), delayBeforeBlockMs: [1000] };
      return request.body.messages.length === 1
        ? turn(toolUse('Agent', { description: 'one', prompt: 'child one' }), toolUse('Agent', { description: 'two', prompt: 'child two' }))
        : endTurn('done');
    },
  });
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-'));
  const session = await createSession({
    cwd: configDir,
    env: { AGENTCLI_CONFIG_DIR: configDir },
    permissionMode: 'bypassPermissions',
    isInteractive: false,
    isTrusted: true,
    baseTools: [],
    agents: {},
    modelClient: createAnthropicModelClient({ apiKey: 'bench', baseURL: server.url }),
  });
  const run = new ConversationSession({ session, persist: false }).submit('go', { signal: new AbortController().signal });
  let firstStarted: number | undefined;
  let lastResult = 0;
  const order: string[] = [];
  let step = await run.next();
  while (!step.done) {
    const event = step.value;
    if (event.type === 'tool_started') firstStarted ??= clockNow();
    if (event.type === 'tool_result') {
      lastResult = clockNow();
      order.push(String(event.outcome.result.content).split('\n')[0]!);
    }
    step = await run.next();
  }
  await server.close();
  await rm(configDir, { recursive: true, force: true });
  const inOrder = order.join(',') === 'child one answer,child two answer';
  report('subagents: two children of 1 s model time each, wall time', (lastResult - (firstStarted ?? lastResult)) / 1000, 's', '≤ 1.3 s', { results_in_call_order: inOrder });
}

/** CPU time (user + system) a process has used so far, from /proc (Linux); undefined elsewhere. */
function processCpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/**
 * An --import preload that logs every ES module the CLI loads (time, size, URL) through a
 * module loader hook, so the bench can count the JavaScript compiled before the first request.
 */
function moduleLogPreload(logFile: string): string {
  const hooks = [
    "import { appendFileSync } from 'node:fs';",
    'export async function load(url, context, next) {',
    '  const result = await next(url, context);',
    `  if (url.startsWith('file:') && result.source) appendFileSync(${JSON.stringify(logFile)}, \`\${Date.now()} \${result.source.length} \${url}\\n\`);`,
    '  return result;',
    '}',
  ].join('\n');
  return `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});\n`;
}

async function startup(): Promise<void> {
  const times: number[] = [];
  const cpu: number[] = [];
  const rss: number[] = [];
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-cwd-'));
  const rssReporter = path.join(cwd, 'report-rss.mjs');
  await writeFile(rssReporter, "process.on('exit', () => { process.stderr.write(`\\nMAXRSS_KB=${process.resourceUsage().maxRSS}\\n`); });\n");
  const moduleLog = path.join(cwd, 'modules.log');
  const moduleLogger = path.join(cwd, 'log-modules.mjs');
  await writeFile(moduleLogger, moduleLogPreload(moduleLog));
  let loadedBeforeRequest = { files: 0, bytes: 0 };
  for (let i = 0; i < 12; i++) {
    let hit = 0;
    let cpuAtRequest: number | undefined;
    let pid: number | undefined;
    const server = await startFakeAnthropic({
      script: (request) => {
        hit = request.receivedAt;
        cpuAtRequest = processCpuMs(pid);
        return endTurn('hello');
      },
    });
    const env = { ...process.env, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'bench', AGENTCLI_CONFIG_DIR: cwd };
    const measureRss = i === 10;
    const logModules = i === 11;
    const preload = measureRss ? ['--import', rssReporter] : logModules ? ['--import', moduleLogger] : [];
    const spawnedAt = clockNow();
    const child = spawn(process.execPath, [...preload, cliBin, '-p', 'hi'], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    pid = child.pid;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    await server.close();
    if (measureRss) rss.push(Number(stderr.match(/MAXRSS_KB=(\d+)/)?.[1] ?? 0) / 1024);
    else if (logModules) loadedBeforeRequest = modulesLoadedBefore(await readFile(moduleLog, 'utf8'), hit);
    else if (i > 0) {
      // run 0 warms the file cache
      times.push(hit - spawnedAt);
      if (cpuAtRequest !== undefined) cpu.push(cpuAtRequest);
    }
  }
  const load = os.loadavg()[0]!.toFixed(1);
  report('start-up: process spawn → first API request (median of 10)', median(times), 'ms', '≤ 200 ms', {
    min: Math.round(Math.min(...times)),
    max: Math.round(Math.max(...times)),
    load,
  });
  if (cpu.length > 0) report(`start-up: CPU used by the first API request (median of 10; load ${load})`, median(cpu), 'ms CPU', 'less load-sensitive than wall time');
  report(`start-up: JavaScript loaded before the first API request (${loadedBeforeRequest.files} modules)`, loadedBeforeRequest.bytes / 1024, 'kB', 'fewer is faster');
  report('peak RSS of a one-turn headless run', rss[0]!, 'MB', '≤ 120 MB');
  await rm(cwd, { recursive: true, force: true });
}

/** Distinct modules (and their bytes) the log shows loaded up to `until` (epoch ms). */
function modulesLoadedBefore(log: string, until: number): { files: number; bytes: number } {
  const sizes = new Map<string, number>();
  for (const line of log.split('\n')) {
    const [at, size, url] = line.split(' ');
    if (url && Number(at) <= until) sizes.set(url, Number(size));
  }
  return { files: sizes.size, bytes: [...sizes.values()].reduce((sum, size) => sum + size, 0) };
}

/**
 * A long permission-heavy headless run of the built CLI: a few hundred Bash
 * calls, each analysed and decided (allowed and run, refused, denied by a
 * rule), in default mode. Peak RSS of the whole process.
 */
async function permissionHeavyRun(): Promise<void> {
  const calls = 300;
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-heavy-'));
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-heavy-config-'));
  await writeFile(path.join(cwd, 'notes.txt'), 'notes\n'.repeat(50));
  await writeFile(path.join(cwd, 'CLAUDE.md'), 'deny: Bash(rm*)\nallow: Bash(python3 *)\n');
  await import('node:fs/promises').then((fs) => fs.mkdir(path.join(cwd, 'sub')));
  const rssReporter = path.join(cwd, 'report-rss.mjs');
  await writeFile(rssReporter, "process.on('exit', () => { process.stderr.write(`\\nMAXRSS_KB=${process.resourceUsage().maxRSS}\\n`); });\n");
  const child = spawn(process.execPath, [path.join(path.dirname(process.argv[1]!), 'fakeServerProcess.mjs'), 'bash-decisions', String(calls)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  try {
    // The config folder (transcripts, spilled output) lives outside the project, as a user's does: inside
    // it, `grep -rn notes .` read the session's own transcript and its output grew with every turn.
    const env = { ...process.env, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'bench', AGENTCLI_CONFIG_DIR: configDir };
    const started = clockNow();
    const run = spawn(process.execPath, ['--import', rssReporter, cliBin, '-p', 'go', '--max-turns', String(calls + 5)], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => run.on('close', resolve));
    const peak = Number(stderr.match(/MAXRSS_KB=(\d+)/)?.[1] ?? 0) / 1024;
    report(`peak RSS of a headless run of ${calls} Bash calls (allowed, refused, denied; default mode)`, peak, 'MB', '≤ 120 MB', { exit: code, seconds: Math.round((clockNow() - started) / 100) / 10 });
  } finally {
    child.kill('SIGTERM');
    await rm(cwd, { recursive: true, force: true });
    await rm(configDir, { recursive: true, force: true });
  }
}

/**
 * The first 30 turns of a real headless process, cold: one small Read per
 * turn against the fake server in its own process, which answers at once.
 * Each turn's figure is the CLI's own time — from the moment the previous
 * answer was fully sent to the moment the next request arrived — so first
 * use of a module, a garbage collection or the transcript writer shows in
 * the turn it lands in. Five runs; the worst turn of each run, and the
 * median over runs.
 */
async function firstTurns(): Promise<void> {
  const turns = 30;
  const runs = 5;
  const worstPerRun: number[] = [];
  const worstTurnIndex: number[] = [];
  const medians: number[] = [];
  for (let run = 0; run < runs; run++) {
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-first-'));
    const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-first-config-'));
    await writeFile(path.join(cwd, 'notes.md'), 'a line of notes\n'.repeat(40));
    const server = spawn(process.execPath, [path.join(path.dirname(process.argv[1]!), 'fakeServerProcess.mjs'), 'read-loop', String(turns)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const arrivals: Array<[number, number]> = [];
    let pending = '';
    const url = await new Promise<string>((resolve) =>
      server.stdout.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          if (line.startsWith('http')) resolve(line);
          else if (line.trim()) arrivals.push(line.split(' ').map(Number) as [number, number]);
        }
      }),
    );
    try {
      const env = { ...process.env, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'bench', AGENTCLI_CONFIG_DIR: configDir };
      const child = spawn(process.execPath, [cliBin, '-p', 'go', '--permission-mode', 'bypassPermissions'], { cwd, env, stdio: ['ignore', 'ignore', 'inherit'] });
      await new Promise((resolve) => child.on('close', resolve));
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      server.kill('SIGTERM');
      await rm(cwd, { recursive: true, force: true });
      await rm(configDir, { recursive: true, force: true });
    }
    const own = arrivals.slice(1, turns + 1).map(([arrived, previousEnd]) => arrived - previousEnd);
    const worst = Math.max(...own);
    worstPerRun.push(worst);
    worstTurnIndex.push(own.indexOf(worst) + 1);
    medians.push(median(own));
  }
  const load = os.loadavg()[0]!.toFixed(1);
  report('loop overhead per turn, headless process, first 30 turns of one Read each: median', median(medians), 'ms', '≤ 5 ms', { load });
  report(`loop overhead per turn, headless process, first 30 turns: worst turn (median of 5 runs; at turns ${worstTurnIndex.join(',')})`, median(worstPerRun), 'ms', '≤ 30 ms', {
    worst_per_run: worstPerRun.map((ms) => Math.round(ms)),
    at_turn: worstTurnIndex,
    load,
  });
}

// CORE_BENCH_ONLY=startup,loop,... runs only those parts (the whole set takes minutes on a busy machine).
const only = process.env.CORE_BENCH_ONLY?.split(',');
const parts: Record<string, () => Promise<void>> = { startup, overlap, loop: loopOverhead, first30: firstTurns, heavy: permissionHeavyRun, subagents };
for (const [name, run] of Object.entries(parts)) if (!only || only.includes(name)) await run();
