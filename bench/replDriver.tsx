// The REPL (controller + Ink app) in this process, rendering into a fake TTY, fed by an in-process
// model client that replays the fake server's SSE plan (no HTTP), so the figures are the UI's cost.
// Bundled and run by bench/repl.bench.mjs; prints one JSON object.
//   render <tokens> <tokensPerSecond> [--no-ui]   CPU per streamed token, with and without the UI
//   echo <turns> <keys>                           input echo latency after <turns> turns
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { render } from 'ink';
import { createPermissionRulesAccess } from '../src/commands/permissionRulesAccess.js';
import { createCommandCatalog } from '../src/app/commandCatalog.js';
import { openPromptHistory } from '../src/history/promptHistory.js';
import type { ModelClient } from '../src/contract/modelClient.js';
import type { RawMessageStreamEvent } from '../src/services/api/types.js';
import { ConversationSession } from '../src/session/conversationSession.js';
import { createSession } from '../src/app/createSession.js';
import { ReadTool } from '../src/tools/ReadTool/ReadTool.js';
import { loadCodeHighlighter, loadMarkdownLexer } from '../src/ui/markdown/markdownEngine.js';
import { printReadinessFor } from '../src/ui/repl/printReadiness.js';
import { ReplApp } from '../src/ui/repl/ReplApp.js';
import { ReplController } from '../src/ui/repl/replController.js';
import { loadToolRenderers } from '../src/ui/tools/toolRendererCache.js';
import type { ScriptedTurn } from '../test/support/fakeAnthropic.js';
import { planStreamEvents } from '../test/support/fakeAnthropicEvents.js';
import { endTurn, text, toolUse, turn } from '../test/support/scenario.js';

class TtyOut extends Writable {
  isTTY = true;
  columns = 100;
  rows = 40;
  bytes = 0;
  writes = 0;
  lastWriteAt = 0;
  override _write(chunk: unknown, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.bytes += String(chunk).length;
    this.writes++;
    this.lastWriteAt = performance.now();
    done();
  }
}

class TtyIn extends Readable {
  isTTY = true;
  override _read(): void {}
  setRawMode(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

function inProcessModel(next: (messageCount: number) => ScriptedTurn, delayScale = 1): ModelClient {
  let requests = 0;
  return {
    async *streamMessage(request, signal): AsyncIterable<RawMessageStreamEvent> {
      const scripted = next(request.messages.length);
      for (const planned of planStreamEvents(scripted, { requestIndex: requests++, requestBody: request })) {
        const delay = planned.delayMs * delayScale;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        if (signal.aborted) return;
        yield planned.data as RawMessageStreamEvent;
      }
    },
    createMessage: () => Promise.reject(new Error('not used')),
  };
}

async function startApp(model: ModelClient, withUi: boolean) {
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-bench-repl-'));
  await writeFile(path.join(cwd, 'notes.md'), Array.from({ length: 40 }, (_, index) => `line ${index}: some notes about the project`).join('\n'));
  const session = await createSession({
    cwd,
    env: { AGENTCLI_CONFIG_DIR: path.join(cwd, '.config'), ANTHROPIC_API_KEY: 'bench' },
    permissionMode: 'default',
    isInteractive: true,
    isTrusted: true,
    baseTools: [ReadTool],
    modelClient: model,
  });
  const history = await openPromptHistory({ configDir: path.join(cwd, '.config'), projectRoot: cwd });
  const commands = createCommandCatalog('repl', []);
  const controller: ReplController = new ReplController({
    conversation: new ConversationSession({ session, persist: false }),
    commands,
    history,
    permissionRules: createPermissionRulesAccess({
      projectRoot: cwd,
      appState: session.appState,
      toolContext: () => session.toolUseContext(new AbortController().signal, [], cwd),
      onSaveError: () => {},
    }),
    readiness: printReadinessFor(() => session.tools),
  });
  await Promise.all([loadMarkdownLexer(), loadCodeHighlighter(), loadToolRenderers(ReadTool)]);
  const stdout = new TtyOut();
  const stdin = new TtyIn();
  const instance = withUi
    ? render(<ReplApp controller={controller} commands={commands.registry} history={history} />, {
        stdout: stdout as Writable as NodeJS.WriteStream,
        stdin: stdin as Readable as NodeJS.ReadStream,
        exitOnCtrlC: false,
        patchConsole: false,
      })
    : undefined;
  return { controller, stdout, stdin, instance, cwd };
}

async function runTurn(controller: ReplController, prompt: string): Promise<void> {
  controller.submit(prompt);
  await new Promise((resolve) => setImmediate(resolve));
  await controller.whenIdle();
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

const [mode, ...args] = process.argv.slice(2);

if (mode === 'render') {
  const tokens = Number(args[0]);
  const perSecond = Number(args[1]);
  const withUi = !args.includes('--no-ui');
  // One answer of `tokens` text deltas (4 characters each), arriving at `perSecond`.
  const paragraph = 'Streaming **markdown** with `code` and words. ';
  const answer = Array.from({ length: Math.ceil((tokens * 4) / paragraph.length) }, (_, index) => (index % 6 === 5 ? `${paragraph}\n\n` : paragraph)).join('');
  const model = inProcessModel(() => ({ ...endTurn(answer.slice(0, tokens * 4)), textChunkSize: 4, chunkDelayMs: 1000 / perSecond }));
  const app = await startApp(model, withUi);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = cpuMs();
  const started = performance.now();
  await runTurn(app.controller, 'stream please');
  await new Promise((resolve) => setTimeout(resolve, 100));
  const cpu = cpuMs() - before;
  console.log(JSON.stringify({ mode, withUi, tokens, perSecond, cpuMs: cpu, wallMs: performance.now() - started, writes: app.stdout.writes, bytes: app.stdout.bytes }));
  app.instance?.unmount();
  process.exit(0);
}

if (mode === 'echo') {
  const turns = Number(args[0]);
  const keys = Number(args[1]);
  const answer = [
    'Here is what I found in **notes.md**:',
    '',
    '- the file has forty lines',
    '- each line mentions `the project`',
    '',
    '```ts',
    'export function summarise(lines: string[]): string {',
    '  return lines.join("\\n");',
    '}',
    '```',
  ].join('\n');
  const model = inProcessModel((messageCount) => (messageCount % 4 === 1 ? turn(text('Let me read it.'), toolUse('Read', { file_path: 'notes.md' })) : endTurn(answer)), 0);
  const app = await startApp(model, true);
  for (let index = 0; index < turns; index++) await runTurn(app.controller, `turn ${index}: summarise notes.md`);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const printedItems = app.controller.transcript.getSnapshot().staticItems.length;
  const latencies: number[] = [];
  for (let index = 0; index < keys; index++) {
    // Keys at typing speed: each one on an idle app, as a person types.
    await new Promise((resolve) => setTimeout(resolve, 80));
    const writesBefore = app.stdout.writes;
    const pressed = performance.now();
    app.stdin.push(String.fromCharCode(97 + (index % 26)));
    while (app.stdout.writes === writesBefore && performance.now() - pressed < 1_000) await new Promise((resolve) => setImmediate(resolve));
    latencies.push(app.stdout.lastWriteAt - pressed);
  }
  (globalThis as { gc?: () => void }).gc?.();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  // Idle: the app is up, nothing in flight; nothing should run.
  const idleBefore = cpuMs();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idleCpuMs = cpuMs() - idleBefore;
  console.log(JSON.stringify({ mode, turns, printedItems, keys, p50: pick(0.5), p95: pick(0.95), max: latencies.at(-1), rssMb: process.memoryUsage.rss() / 1048576, heapMb: process.memoryUsage().heapUsed / 1048576, idleCpuMsOver2s: idleCpuMs }));
  app.instance?.unmount();
  process.exit(0);
}

throw new Error(`unknown mode ${mode}`);
