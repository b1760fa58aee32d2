// Prepared calls: one preparation per tool_use (schema parse, declared
// facts, the one shell analysis) that partitioning, the permission decision,
// rule suggestions and the call all share; facts declared against the cwd
// the call runs in; and the permission system driven by what tools declare.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildTool, type Tool } from '../../src/contract/tool.js';
import { allowAlwaysHandler } from '../../src/permissions/allowAlways.js';
import type { PermissionMode } from '../../src/contract/permissions.js';
import { prepareToolCall } from '../../src/services/tools/prepareToolCall.js';
import type { PermissionRequest } from '../../src/services/tools/toolExecution.js';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';
import { bareToolContext } from '../support/preparedCalls.js';
import { resultText, runScenario, type ScenarioResult } from '../support/queryHarness.js';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';

const analyser = vi.hoisted(() => ({ runs: 0 }));
vi.mock('../../src/permissions/shell/analyzeShellCommand.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/permissions/shell/analyzeShellCommand.js')>();
  return {
    ...original,
    analyzeShellCommand: (...args: Parameters<typeof original.analyzeShellCommand>) => {
      analyser.runs++;
      return original.analyzeShellCommand(...args);
    },
    analyzeShellCommandSync: (...args: Parameters<typeof original.analyzeShellCommandSync>) => {
      analyser.runs++;
      return original.analyzeShellCommandSync(...args);
    },
  };
});

let project: string;
let scenario: ScenarioResult | undefined;
beforeEach(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'agentcli-prepared-'));
  await mkdir(path.join(project, 'sub'));
  await writeFile(path.join(project, 'notes.txt'), 'the notes\n');
  analyser.runs = 0;
});
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
  await rm(project, { recursive: true, force: true });
});

function oneCallPerTurn(calls: readonly { name: string; input: unknown }[]) {
  return [...calls.map((call) => turn(toolUse(call.name, call.input))), endTurn('done')];
}

function toolResultsOf(result: ScenarioResult): { content: string; isError: boolean }[] {
  return result.server.requests.slice(1).map((request) => {
    const [block] = lastToolResults(request);
    return { content: resultText(block?.content), isError: block?.is_error === true };
  });
}

describe('one shell analysis per Bash call, whatever the decision', () => {
  it.each<[string, PermissionMode, string]>([
    ['allowed (read-only)', 'default', 'ls'],
    ['asked, then refused headless (its suggestions proved)', 'default', 'touch a.txt'],
    ['denied by a rule', 'default', 'rm -f notes.txt'],
    ['a compound command', 'default', 'git status && touch b.txt'],
    ['allowed by the mode', 'bypassPermissions', 'touch c.txt'],
    ['refused by plan mode', 'plan', 'touch d.txt'],
  ])('%s: %s', async (_name, mode, command) => {
    await writeFile(path.join(project, 'CLAUDE.md'), 'deny: Bash(rm*)\n');
    scenario = await runScenario({ cwd: project, mode, tools: [BashTool], script: oneCallPerTurn([{ name: 'Bash', input: { command } }]) });
    expect(toolResultsOf(scenario)).toHaveLength(1);
    expect(analyser.runs).toBe(1);
  });

  it('asked in the REPL and allowed once: still one analysis', async () => {
    const asks: PermissionRequest[] = [];
    scenario = await runScenario({
      cwd: project,
      mode: 'default',
      tools: [BashTool],
      askPermission: async (request) => {
        asks.push(request);
        return { type: 'allow_once' };
      },
      script: oneCallPerTurn([{ name: 'Bash', input: { command: 'touch e.txt' } }]),
    });
    expect(asks).toHaveLength(1);
    expect(toolResultsOf(scenario)[0]?.isError).toBe(false);
    expect(analyser.runs).toBe(1);
  });

  it('parses each input with the schema once', async () => {
    const safeParse = vi.spyOn(BashTool.inputSchema, 'safeParse');
    try {
      scenario = await runScenario({
        cwd: project,
        mode: 'default',
        tools: [BashTool],
        script: [turn(toolUse('Bash', { command: 'ls' }), toolUse('Bash', { command: 'touch f.txt' })), endTurn('done')],
      });
      expect(safeParse).toHaveBeenCalledTimes(2);
      expect(analyser.runs).toBe(2);
    } finally {
      safeParse.mockRestore();
    }
  });
});

describe("a call's facts are declared against the cwd it runs in", () => {
  it('after a `cd`, a relative path is judged from the new directory, not the process cwd', async () => {
    scenario = await runScenario({
      cwd: project,
      mode: 'default',
      tools: [BashTool],
      script: oneCallPerTurn([
        { name: 'Bash', input: { command: 'cd sub' } },
        { name: 'Bash', input: { command: 'cat ../notes.txt' } },
      ]),
    });
    const [cd, cat] = toolResultsOf(scenario);
    expect(cd?.isError).toBe(false);
    // Inside the working directory from sub/: read-only, so it runs without asking (headless would refuse an ask).
    expect(cat).toEqual({ content: expect.stringContaining('the notes'), isError: false });
    expect(analyser.runs).toBe(2);
  });

  it('a call after a `cd` in the same message is prepared once the `cd` has run', async () => {
    scenario = await runScenario({
      cwd: project,
      mode: 'default',
      tools: [BashTool],
      script: [turn(toolUse('Bash', { command: 'cd sub' }), toolUse('Bash', { command: 'cat ../notes.txt' })), endTurn('done')],
    });
    const results = lastToolResults(scenario.server.requests[1]!);
    expect(results.map((block) => block.is_error === true)).toEqual([false, false]);
    expect(resultText(results[1]?.content)).toContain('the notes');
    expect(analyser.runs).toBe(2);
  });

  it('isReadOnly and isConcurrencySafe read the analysis made against the session cwd', async () => {
    const context = { ...bareToolContext([BashTool], path.join(project, 'sub')), projectRoot: project };
    const preparation = await prepareToolCall({ id: 't1', name: 'Bash', input: { command: 'cat ../notes.txt' } }, context);
    if (!preparation.ok) throw new Error(preparation.message);
    const { call, tool } = preparation.prepared;
    expect(call.scope.cwd).toBe(path.join(project, 'sub'));
    const paths = call.facts.shell?.commands.flatMap((command) => command.effects.paths.map((access) => (access.target === 'unknown' ? 'unknown' : access.target.text)));
    expect(paths).toEqual(['../notes.txt']);
    expect(call.facts.shell?.commands[0]?.command.cwd).toEqual({ kind: 'known', dirs: [path.join(project, 'sub')] });
    expect([tool.isReadOnly(call), tool.isConcurrencySafe(call)]).toEqual([true, true]);
  });
});

/** An editor no table anywhere lists: the permission system knows it only from its declarations. */
const scribble: Tool<{ file_path: string; text: string }, string> = buildTool({
  name: 'Scribble',
  inputSchema: () => z.strictObject({ file_path: z.string(), text: z.string() }),
  description: () => 'scribble into a file',
  prompt: () => 'Writes text into a file.',
  family: 'edit',
  declareFacts: (input, scope) => ({ paths: [{ path: path.resolve(scope.cwd, input.file_path), access: 'write' }] }),
  async call(input, context) {
    await writeFile(path.resolve(context.cwd, input.file_path), input.text);
    return { data: 'scribbled' };
  },
});

describe('declared facts drive the rules: a new editor is an editor without any table entry', () => {
  it.each<[string, PermissionMode, string, boolean]>([
    ['an Edit(...) deny rule refuses it', 'bypassPermissions', 'deny: Edit(secret.txt)\n', false],
    ['plan mode refuses it', 'plan', '', false],
    ['acceptEdits allows it inside the project', 'acceptEdits', '', true],
    ['an Edit(...) allow rule allows it', 'default', 'allow: Edit(secret.txt)\n', true],
  ])('%s', async (_name, mode, claudeMd, written) => {
    if (claudeMd) await writeFile(path.join(project, 'CLAUDE.md'), claudeMd);
    scenario = await runScenario({ cwd: project, mode, tools: [scribble], script: oneCallPerTurn([{ name: 'Scribble', input: { file_path: 'secret.txt', text: 'x' } }]) });
    const [result] = toolResultsOf(scenario);
    expect(result?.isError).toBe(!written);
    // Judged by the effect on disk.
    expect(await readFile(path.join(project, 'secret.txt'), 'utf8').catch(() => 'absent')).toBe(written ? 'x' : 'absent');
  });

  it('a deny rule naming the family removes the tool from the pool', async () => {
    await writeFile(path.join(project, 'CLAUDE.md'), 'deny: Edit\n');
    scenario = await runScenario({ cwd: project, mode: 'bypassPermissions', tools: [scribble], script: [endTurn('ok')] });
    expect(scenario.session.tools.map((tool) => tool.name)).not.toContain('Scribble');
  });
});

/** Reads a file outside the working directories: asks in default mode, and may run beside other reads. */
function peekTool(outside: string): Tool<{ name: string }, string> {
  return buildTool({
    name: 'Peek',
    inputSchema: () => z.strictObject({ name: z.string() }),
    description: () => 'peek at a file',
    prompt: () => 'Reads a file outside the project.',
    family: 'read',
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    declareFacts: (input) => ({ paths: [{ path: path.join(outside, input.name), access: 'read' }] }),
    async call(input) {
      return { data: await readFile(path.join(outside, input.name), 'utf8') };
    },
  });
}

describe('the dialog queue is decided again after "Yes, and don\'t ask again"', () => {
  let outside: string;
  beforeEach(async () => {
    outside = await mkdtemp(path.join(os.tmpdir(), 'agentcli-outside-'));
    await writeFile(path.join(outside, 'data.txt'), 'outside data');
  });
  afterEach(async () => {
    await rm(outside, { recursive: true, force: true });
  });

  async function parallelPeeks(answer: 'allow_always' | 'allow_once'): Promise<{ asks: number; results: { isError: boolean }[] }> {
    let asks = 0;
    scenario = await runScenario({
      cwd: project,
      mode: 'default',
      tools: [peekTool(outside)],
      askPermission: async (request) => {
        asks++;
        await new Promise((resolve) => setTimeout(resolve, 20)); // the user takes a moment; the other call waits
        return answer === 'allow_always' ? { type: 'allow_always', rules: request.decision.suggestedRules ?? [] } : { type: 'allow_once' };
      },
      onAllowAlways: allowAlwaysHandler(),
      script: [turn(toolUse('Peek', { name: 'data.txt' }), toolUse('Peek', { name: 'data.txt' })), endTurn('done')],
    });
    return { asks, results: lastToolResults(scenario.server.requests[1]!).map((block) => ({ isError: block.is_error === true })) };
  }

  it('two parallel calls needing the same approval ask once', async () => {
    const { asks, results } = await parallelPeeks('allow_always');
    expect(asks).toBe(1);
    expect(results).toEqual([{ isError: false }, { isError: false }]);
  });

  it('after "yes" (once), the second call still asks', async () => {
    const { asks, results } = await parallelPeeks('allow_once');
    expect(asks).toBe(2);
    expect(results).toEqual([{ isError: false }, { isError: false }]);
  });
});
