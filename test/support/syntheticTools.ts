// Small tools for engine tests, so the core is tested without the built-in tools.
// Each records when it started and finished, on the fake server's clock.
import { spawn } from 'node:child_process';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { buildTool, type Tool } from '../../src/contract/tool.js';
import { clockNow } from './fakeAnthropic.js';

export type CallRecord = { tool: string; id: string; start: number; end?: number; input: unknown; aborted?: boolean };

export function createCallLog() {
  const calls: CallRecord[] = [];
  let running = 0;
  let maxRunning = 0;
  return {
    calls,
    get maxConcurrent() {
      return maxRunning;
    },
    begin(tool: string, id: string, input: unknown): CallRecord {
      const record: CallRecord = { tool, id, start: clockNow(), input };
      calls.push(record);
      running++;
      maxRunning = Math.max(maxRunning, running);
      return record;
    },
    end(record: CallRecord, aborted = false) {
      record.end = clockNow();
      record.aborted = aborted;
      running--;
    },
  };
}
export type CallLog = ReturnType<typeof createCallLog>;

function abortable(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve(true);
    }, { once: true });
  });
}

/** Sleeps `ms`; read-only and concurrency-safe. Progress every 50 ms. */
export function sleepTool(log: CallLog, name = 'Sleep'): Tool<{ ms: number; label?: string }, string, string> {
  return buildTool({
    name,
    inputSchema: () => z.strictObject({ ms: z.number().int().min(0), label: z.string().optional() }),
    description: (input) => `sleep ${input?.ms ?? '?'} ms`,
    prompt: () => 'Sleeps for a number of milliseconds.',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(input, context, onProgress) {
      const record = log.begin(name, context.toolUseId, input);
      onProgress('sleeping');
      const aborted = await abortable(input.ms, context.abortSignal);
      log.end(record, aborted);
      return { data: `slept ${input.ms} ms${input.label ? ` (${input.label})` : ''}` };
    },
  });
}

/** Echoes its text; read-only. */
export function echoTool(log?: CallLog): Tool<{ text: string }, string> {
  return buildTool({
    name: 'Echo',
    aliases: ['Say'],
    inputSchema: () => z.strictObject({ text: z.string() }),
    description: () => 'echo',
    prompt: () => 'Echoes text back.',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(input, context) {
      const record = log?.begin('Echo', context.toolUseId, input);
      if (record) log?.end(record);
      return { data: input.text };
    },
  });
}

/** Always throws; `cancelSiblings` makes it behave like a failing Bash call. */
export function failTool(options: { name?: string; cancelSiblings?: boolean; delayMs?: number } = {}): Tool<{ message: string }, never> {
  return buildTool({
    name: options.name ?? 'Fail',
    inputSchema: () => z.strictObject({ message: z.string() }),
    description: () => 'fail',
    prompt: () => 'Always fails.',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    cancelSiblingsOnError: options.cancelSiblings ?? false,
    async call(input, context) {
      if (options.delayMs) await abortable(options.delayMs, context.abortSignal);
      const error = new Error(input.message);
      error.stack = 'Error: SECRET-STACK-LINE\n    at somewhere (file.js:1:1)';
      throw error;
    },
  });
}

/**
 * Writes a file slowly and atomically (temp + rename); not read-only, so
 * every call needs permission and runs alone. On abort it removes its temp
 * file, so an interrupted write leaves nothing half-written.
 */
export function writeTool(log: CallLog, options: { delayMs?: number } = {}): Tool<{ path: string; content: string }, string> {
  return buildTool({
    name: 'SlowWrite',
    inputSchema: () => z.strictObject({ path: z.string(), content: z.string() }),
    description: (input) => `write ${input?.path ?? ''}`,
    prompt: () => 'Writes a file.',
    async call(input, context) {
      const record = log.begin('SlowWrite', context.toolUseId, input);
      const target = path.resolve(context.cwd, input.path);
      const temp = `${target}.tmp-${context.toolUseId}`;
      await writeFile(temp, input.content.slice(0, Math.ceil(input.content.length / 2)));
      const aborted = await abortable(options.delayMs ?? 0, context.abortSignal);
      if (aborted) {
        await rm(temp, { force: true });
        log.end(record, true);
        throw new Error('aborted');
      }
      await writeFile(temp, input.content);
      await rename(temp, target);
      log.end(record);
      return { data: `wrote ${input.path}` };
    },
  });
}

/** Starts `sleep 60` as a child process group and kills the group on abort. */
export function spawnTool(log: CallLog, pids: number[]): Tool<{ seconds: number }, string> {
  return buildTool({
    name: 'Spawn',
    inputSchema: () => z.strictObject({ seconds: z.number() }),
    description: () => 'spawn',
    prompt: () => 'Runs a long child process.',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(input, context) {
      const record = log.begin('Spawn', context.toolUseId, input);
      const child = spawn('sh', ['-c', `sleep ${input.seconds}; echo done`], { detached: true, stdio: 'ignore' });
      if (child.pid) pids.push(child.pid);
      const killGroup = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      };
      context.abortSignal.addEventListener('abort', killGroup, { once: true });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      log.end(record, context.abortSignal.aborted);
      return { data: `exit ${code}` };
    },
  });
}

/** Changes the working directory of later tools (a serial contextModifier). */
export function cdTool(): Tool<{ dir: string }, string> {
  return buildTool({
    name: 'Cd',
    inputSchema: () => z.strictObject({ dir: z.string() }),
    description: () => 'cd',
    prompt: () => 'Changes directory.',
    async call(input, context) {
      const next = path.resolve(context.cwd, input.dir);
      return { data: `cwd is now ${next}`, contextModifier: (ctx) => ({ ...ctx, cwd: next }) };
    },
  });
}

/** Reports the cwd it sees; read-only. */
export function pwdTool(): Tool<Record<string, never>, string> {
  return buildTool({
    name: 'Pwd',
    inputSchema: () => z.strictObject({}),
    description: () => 'pwd',
    prompt: () => 'Prints the working directory.',
    isReadOnly: () => true,
    async call(_input, context) {
      return { data: context.cwd };
    },
  });
}

/** Returns `size` characters: exercises large-result persistence. */
export function bigOutputTool(maxResultSizeChars = 1_000): Tool<{ size: number }, string> {
  return buildTool({
    name: 'Big',
    inputSchema: () => z.strictObject({ size: z.number() }),
    description: () => 'big',
    prompt: () => 'Returns a lot of text.',
    isReadOnly: () => true,
    maxResultSizeChars,
    async call(input) {
      const head = 'HEAD-MARKER ';
      const tail = ' TAIL-MARKER';
      return { data: head + 'x'.repeat(Math.max(0, input.size - head.length - tail.length)) + tail };
    },
  });
}

/** Has a semantic check that refuses negative numbers. */
export function validatedTool(): Tool<{ n: number }, string> {
  return buildTool({
    name: 'Positive',
    inputSchema: () => z.strictObject({ n: z.number() }),
    description: () => 'positive',
    prompt: () => 'Takes a positive number.',
    isReadOnly: () => true,
    async validateInput(input) {
      return input.n > 0 ? { result: true } : { result: false, message: `n must be positive, got ${input.n}.` };
    },
    async call(input) {
      return { data: `ok ${input.n}` };
    },
  });
}

/** isConcurrencySafe throws: must count as unsafe. */
export function throwingSafetyTool(): Tool<{ x: string }, string> {
  return buildTool({
    name: 'Weird',
    inputSchema: () => z.strictObject({ x: z.string() }),
    description: () => 'weird',
    prompt: () => 'Weird safety check.',
    isConcurrencySafe: () => {
      throw new Error('cannot decide');
    },
    async call() {
      return { data: 'ok' };
    },
  });
}
