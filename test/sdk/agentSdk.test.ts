// The real Claude Agent SDK drives the built agentcli end to end over its control protocol,
// against the fake Messages server. Effects are judged on disk and in what the model was sent.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createSdkMcpServer, tool, type PermissionResult, type SDKMessage } from '@anthropic-ai/claude-agent-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';
import { collect, promptStream, startSdkRig, type SdkRig } from './sdkHarness.js';
import { isRunning as isAlive, runningProcessesWithArgv, uniqueSleep } from '../support/processState.js';

let rig: SdkRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

function resultOf(messages: readonly SDKMessage[]) {
  const result = messages.findLast((message) => message.type === 'result');
  if (!result || result.type !== 'result') throw new Error(`no result among ${messages.map((m) => m.type).join(', ')}`);
  return result;
}

function toolResultText(rigNow: SdkRig, requestIndex: number): string {
  const [result] = lastToolResults(rigNow.server.requests[requestIndex]!);
  if (!result) return '';
  return typeof result.content === 'string' ? result.content : JSON.stringify(result.content);
}

describe('Agent SDK → agentcli', () => {
  it('answers a string prompt with system/init, the assistant message and a success result', async () => {
    rig = await startSdkRig([endTurn('Hello from the model.')]);
    const messages = await collect(rig.run('hello'));
    const init = messages[0];
    expect(init).toMatchObject({ type: 'system', subtype: 'init', cwd: rig.cwd, permissionMode: 'default', apiKeySource: 'ANTHROPIC_API_KEY' });
    if (init?.type !== 'system' || init.subtype !== 'init') throw new Error('no init');
    expect(init.tools).toContain('Bash');
    const result = resultOf(messages);
    expect(result).toMatchObject({ subtype: 'success', is_error: false, result: 'Hello from the model.', num_turns: 1, session_id: init.session_id });
    expect(result.modelUsage['claude-sonnet-5']).toMatchObject({ outputTokens: expect.any(Number), costUSD: expect.any(Number) });
    expect(typeof result.uuid).toBe('string');
  });

  it('canUseTool allow with updatedInput: the rewritten input is what runs', async () => {
    rig = await startSdkRig([turn(toolUse('Write', { file_path: 'note.txt', content: 'from the model' })), endTurn('written')]);
    const asked: Array<{ toolName: string; input: Record<string, unknown>; toolUseID: string; suggestions: unknown }> = [];
    const canUseTool = async (toolName: string, input: Record<string, unknown>, options: { toolUseID: string; suggestions?: unknown }): Promise<PermissionResult> => {
      asked.push({ toolName, input, toolUseID: options.toolUseID, suggestions: options.suggestions });
      return { behavior: 'allow', updatedInput: { ...input, content: 'rewritten by the client' } };
    };
    const messages = await collect(rig.run('write a note', { canUseTool }));
    expect(resultOf(messages).subtype).toBe('success');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ toolName: 'Write', input: { file_path: 'note.txt', content: 'from the model' } });
    expect(asked[0]!.toolUseID).toMatch(/^toolu_/);
    expect(asked[0]!.suggestions).toEqual([expect.objectContaining({ type: 'addRules', behavior: 'allow' })]);
    expect(await readFile(path.join(rig.cwd, 'note.txt'), 'utf8')).toBe('rewritten by the client');
  });

  it('canUseTool deny: the call does not run and the model gets the message as an error result', async () => {
    rig = await startSdkRig([turn(toolUse('Write', { file_path: 'note.txt', content: 'x' })), endTurn('ok, not writing')]);
    const messages = await collect(rig.run('write', { canUseTool: async () => ({ behavior: 'deny', message: 'No writes in this repo.' }) }));
    expect(existsSync(path.join(rig.cwd, 'note.txt'))).toBe(false);
    const [result] = lastToolResults(rig.server.requests[1]!);
    expect(result).toMatchObject({ is_error: true, content: 'No writes in this repo.' });
    const final = resultOf(messages);
    expect(final.subtype).toBe('success');
    expect(final.permission_denials).toEqual([expect.objectContaining({ tool_name: 'Write' })]);
  });

  it('canUseTool deny with interrupt ends the turn', async () => {
    rig = await startSdkRig([turn(toolUse('Write', { file_path: 'note.txt', content: 'x' })), endTurn('should not be asked for')]);
    const messages = await collect(rig.run('write', { canUseTool: async () => ({ behavior: 'deny', message: 'Stop here.', interrupt: true }) }));
    expect(resultOf(messages)).toMatchObject({ subtype: 'error_during_execution', is_error: true });
    expect(rig.server.requests).toHaveLength(1);
  });

  it('canUseTool deny with interrupt: the next prompt still carries an is_error tool_result for the refused call', async () => {
    rig = await startSdkRig([turn(toolUse('Write', { file_path: 'note.txt', content: 'x' }, { id: 'toolu_stopped' })), endTurn('ok, I will wait')]);
    const prompts = promptStream();
    const run = rig.run(prompts.stream, { canUseTool: async () => ({ behavior: 'deny', message: 'Stop here.', interrupt: true }) });
    prompts.push('write');
    let results = 0;
    for await (const message of run) {
      if (message.type !== 'result') continue;
      if (++results === 1) prompts.push('what now?');
      else prompts.end();
    }
    expect(existsSync(path.join(rig.cwd, 'note.txt'))).toBe(false);
    expect(rig.server.requests).toHaveLength(2);
    const answered = (rig.server.requests[1]!.body.messages as { role: string; content: unknown }[]).flatMap((message) =>
      Array.isArray(message.content) ? (message.content as { type: string; tool_use_id?: string }[]) : [],
    );
    expect(answered.find((block) => block.type === 'tool_result' && block.tool_use_id === 'toolu_stopped')).toMatchObject({ is_error: true, content: 'Stop here.' });
  });

  it('attack: allow + updatedInput that points the call at a deny-ruled file is still denied', async () => {
    rig = await startSdkRig([turn(toolUse('Write', { file_path: 'harmless.txt', content: 'x' })), endTurn('done')]);
    const messages = await collect(
      rig.run('write', {
        disallowedTools: ['Write(secret.txt)'],
        canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: { ...input, file_path: 'secret.txt', content: 'pwned' } }),
      }),
    );
    expect(existsSync(path.join(rig.cwd, 'secret.txt'))).toBe(false);
    expect(existsSync(path.join(rig.cwd, 'harmless.txt'))).toBe(false);
    expect(toolResultText(rig, 1)).toMatch(/Permission denied/);
    expect(resultOf(messages).permission_denials).toEqual([expect.objectContaining({ tool_name: 'Write' })]);
  });

  it('interrupt during a long Bash call stops the turn and kills the process', async () => {
    // Found by its command line: an approved command runs in the session sandbox's own PID namespace.
    const sleeper = uniqueSleep();
    rig = await startSdkRig([turn(toolUse('Bash', { command: `${sleeper} & wait` })), endTurn('never reached')]);
    const prompts = promptStream();
    const run = rig.run(prompts.stream, { canUseTool: async (_name, input) => ({ behavior: 'allow', updatedInput: input }) });
    prompts.push('run the slow thing');
    const messages: SDKMessage[] = [];
    const reading = (async () => {
      for await (const message of run) {
        messages.push(message);
        if (message.type === 'result') prompts.end();
      }
    })();
    while (runningProcessesWithArgv(sleeper).length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await run.interrupt();
    await reading;
    expect(resultOf(messages)).toMatchObject({ subtype: 'error_during_execution', is_error: true, result: 'interrupted' });
    for (let attempt = 0; attempt < 50 && runningProcessesWithArgv(sleeper).length > 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runningProcessesWithArgv(sleeper)).toEqual([]);
  });

  it('interrupt while canUseTool is pending withdraws the question and ends the turn', async () => {
    rig = await startSdkRig([turn(toolUse('Write', { file_path: 'pending.txt', content: 'x' })), endTurn('never')]);
    const prompts = promptStream();
    let markAsked!: () => void;
    const asked = new Promise<void>((resolve) => (markAsked = resolve));
    let withdrawn = false;
    const run = rig.run(prompts.stream, {
      canUseTool: (_name, input, { signal }) =>
        new Promise<PermissionResult>((resolve) => {
          markAsked();
          signal.addEventListener('abort', () => {
            withdrawn = true;
            resolve({ behavior: 'allow', updatedInput: input });
          });
        }),
    });
    prompts.push('write');
    const messages: SDKMessage[] = [];
    const reading = (async () => {
      for await (const message of run) {
        messages.push(message);
        if (message.type === 'result') prompts.end();
      }
    })();
    await asked;
    await run.interrupt();
    await reading;
    expect(resultOf(messages)).toMatchObject({ subtype: 'error_during_execution', result: 'interrupted' });
    expect(withdrawn).toBe(true);
    expect(existsSync(path.join(rig.cwd, 'pending.txt'))).toBe(false);
  });

  it('streaming input: two prompts, two turns of one conversation, each with its own result', async () => {
    rig = await startSdkRig([endTurn('first answer'), endTurn('second answer')]);
    const prompts = promptStream();
    const run = rig.run(prompts.stream);
    prompts.push('first question');
    const results: string[] = [];
    const messages: SDKMessage[] = [];
    for await (const message of run) {
      messages.push(message);
      if (message.type !== 'result') continue;
      results.push(message.subtype === 'success' ? message.result : message.subtype);
      if (results.length === 1) prompts.push('second question');
      else prompts.end();
    }
    expect(results).toEqual(['first answer', 'second answer']);
    const second = rig.server.requests[1]!.body.messages;
    expect(JSON.stringify(second)).toContain('first question');
    expect(JSON.stringify(second)).toContain('first answer');
    const sessionIds = new Set(messages.map((message) => message.session_id));
    expect(sessionIds.size).toBe(1);
  });

  it('setPermissionMode mid-session: an edit denied in default mode runs after switching to acceptEdits', async () => {
    rig = await startSdkRig([
      turn(toolUse('Write', { file_path: 'one.txt', content: '1' })),
      endTurn('could not'),
      turn(toolUse('Write', { file_path: 'two.txt', content: '2' })),
      endTurn('wrote it'),
    ]);
    const prompts = promptStream();
    const run = rig.run(prompts.stream);
    prompts.push('write one');
    let results = 0;
    for await (const message of run) {
      if (message.type !== 'result') continue;
      results++;
      if (results === 1) {
        await run.setPermissionMode('acceptEdits');
        prompts.push('write two');
      } else prompts.end();
    }
    expect(existsSync(path.join(rig.cwd, 'one.txt'))).toBe(false);
    expect(await readFile(path.join(rig.cwd, 'two.txt'), 'utf8')).toBe('2');
  });

  it('setModel and setMaxThinkingTokens: the next turn asks the new model, without thinking', async () => {
    rig = await startSdkRig([endTurn('one'), endTurn('two')]);
    const prompts = promptStream();
    const run = rig.run(prompts.stream);
    prompts.push('first');
    let results = 0;
    for await (const message of run) {
      if (message.type !== 'result') continue;
      results++;
      if (results === 1) {
        await run.setModel('haiku');
        await run.setMaxThinkingTokens(0);
        prompts.push('second');
      } else prompts.end();
    }
    expect(rig.server.requests.map((request) => request.body.model)).toEqual(['claude-sonnet-5', 'claude-haiku-4-5-20251001']);
    expect(rig.server.requests.map((request) => request.body.thinking)).toEqual([undefined, { type: 'disabled' }]);
  });

  it('the thinking option: disabled turns thinking off, adaptive turns it on', async () => {
    rig = await startSdkRig([endTurn('no thinking'), endTurn('thought')]);
    await collect(rig.run('quick', { thinking: { type: 'disabled' } }));
    await collect(rig.run('deep', { thinking: { type: 'adaptive' } }));
    expect(rig.server.requests.map((request) => request.body.thinking)).toEqual([{ type: 'disabled' }, { type: 'adaptive' }]);
  });

  it('canUseTool updatedPermissions: "always allow" goes live at once and is saved to local settings', async () => {
    rig = await startSdkRig([
      // make asks in default mode (it has side effects); Bash(make:*) allows it.
      turn(toolUse('Bash', { command: 'make first' })),
      turn(toolUse('Bash', { command: 'make again' })),
      endTurn('done'),
    ]);
    let asks = 0;
    const messages = await collect(
      rig.run('echo twice', {
        canUseTool: async (_name, input) => {
          asks++;
          return { behavior: 'allow', updatedInput: input, updatedPermissions: [{ type: 'addRules', rules: [{ toolName: 'Bash', ruleContent: 'make:*' }], behavior: 'allow', destination: 'localSettings' }] };
        },
      }),
    );
    expect(resultOf(messages).subtype).toBe('success');
    expect(asks).toBe(1);
    // The second call ran (make itself fails here: there is no Makefile) rather than being asked about.
    expect(toolResultText(rig, 2)).toMatch(/again/);
    const saved = JSON.parse(await readFile(path.join(rig.cwd, '.claude', 'settings.local.json'), 'utf8'));
    expect(saved.permissions.allow).toEqual(['Bash(make:*)']);
  });

  it('subagents from the agents option: the child runs with its prompt, its messages carry parent_tool_use_id', async () => {
    rig = await startSdkRig((request) => {
      const system = JSON.stringify(request.body.system);
      if (system.includes('You review diffs for bugs.')) return endTurn('no bugs found');
      return request.index === 0 ? turn(toolUse('Agent', { description: 'review', prompt: 'review the diff', subagent_type: 'reviewer' }, { id: 'toolu_agent' })) : endTurn('the reviewer found nothing');
    });
    const messages = await collect(rig.run('get a review', { agents: { reviewer: { description: 'Reviews diffs', prompt: 'You review diffs for bugs.', tools: ['Read'] } }, allowedTools: ['Agent'] }));
    const init = messages[0];
    if (init?.type !== 'system' || init.subtype !== 'init') throw new Error('no init');
    expect(init.agents).toContain('reviewer');
    expect(resultOf(messages)).toMatchObject({ subtype: 'success', result: 'the reviewer found nothing' });
    const child = messages.filter((message) => (message.type === 'assistant' || message.type === 'user') && message.parent_tool_use_id === 'toolu_agent');
    expect(child.length).toBeGreaterThan(0);
    expect(JSON.stringify(child)).toContain('no bugs found');
  });

  it('SDK hook callbacks: a PreToolUse callback denies the call before it runs', async () => {
    rig = await startSdkRig([turn(toolUse('Write', { file_path: 'blocked.txt', content: 'x' })), endTurn('blocked')]);
    const seen: unknown[] = [];
    const messages = await collect(
      rig.run('write', {
        permissionMode: 'acceptEdits',
        hooks: {
          PreToolUse: [
            {
              matcher: 'Write',
              hooks: [
                async (input) => {
                  seen.push(input);
                  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'the hook says no' } };
                },
              ],
            },
          ],
        },
      }),
    );
    expect(resultOf(messages).subtype).toBe('success');
    expect(seen).toEqual([expect.objectContaining({ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: 'blocked.txt', content: 'x' } })]);
    expect(existsSync(path.join(rig.cwd, 'blocked.txt'))).toBe(false);
    expect(toolResultText(rig, 1)).toContain('the hook says no');
  });

  it('resume by session id continues the saved conversation', async () => {
    rig = await startSdkRig([endTurn('remembered: 42'), endTurn('it was 42')]);
    const first = resultOf(await collect(rig.run('remember 42')));
    const second = resultOf(await collect(rig.run('what was it?', { resume: first.session_id })));
    expect(second.session_id).toBe(first.session_id);
    const messages = JSON.stringify(rig.server.requests[1]!.body.messages);
    expect(messages).toContain('remember 42');
    expect(messages).toContain('remembered: 42');
  });

  it('an SDK in-process MCP server: its tool is a real tool the model calls', async () => {
    rig = await startSdkRig([turn(toolUse('mcp__calc__add', { a: 2, b: 3 })), endTurn('5')]);
    const calls: unknown[] = [];
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
          calls.push({ a, b });
          return { content: [{ type: 'text', text: `sum is ${a + b}` }] };
        }),
      ],
    });
    const messages = await collect(rig.run('add 2 and 3', { mcpServers: { calc }, allowedTools: ['mcp__calc__add'] }));
    const init = messages[0];
    if (init?.type !== 'system' || init.subtype !== 'init') throw new Error('no init');
    expect(init.tools).toContain('mcp__calc__add');
    expect(init.mcp_servers).toEqual([{ name: 'calc', status: 'connected' }]);
    expect(calls).toEqual([{ a: 2, b: 3 }]);
    expect(toolResultText(rig, 1)).toContain('sum is 5');
    expect(rig.server.requests[0]!.body.tools.map((definition: { name: string }) => definition.name)).toContain('mcp__calc__add');
  });

  it('--permission-prompt-tool <mcp tool>: the tool answers each ask with allow + updatedInput or deny', async () => {
    rig = await startSdkRig([
      turn(toolUse('Write', { file_path: 'a.txt', content: 'model text' })),
      turn(toolUse('Write', { file_path: 'b.txt', content: 'model text' })),
      endTurn('done'),
    ]);
    const asked: unknown[] = [];
    const perm = createSdkMcpServer({
      name: 'perm',
      tools: [
        tool('approve', 'Answers permission prompts', { tool_name: z.string(), input: z.record(z.string(), z.unknown()), tool_use_id: z.string() }, async (args) => {
          asked.push(args);
          const answer =
            args.input.file_path === 'a.txt'
              ? { behavior: 'allow', updatedInput: { ...args.input, content: 'approved by the prompt tool' } }
              : { behavior: 'deny', message: 'b.txt is off limits' };
          return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
        }),
      ],
    });
    const messages = await collect(rig.run('write two files', { mcpServers: { perm }, permissionPromptToolName: 'mcp__perm__approve' }));
    expect(resultOf(messages).subtype).toBe('success');
    expect(asked).toEqual([
      expect.objectContaining({ tool_name: 'Write', input: { file_path: 'a.txt', content: 'model text' }, tool_use_id: expect.stringMatching(/^toolu_/) }),
      expect.objectContaining({ tool_name: 'Write', input: { file_path: 'b.txt', content: 'model text' } }),
    ]);
    expect(await readFile(path.join(rig.cwd, 'a.txt'), 'utf8')).toBe('approved by the prompt tool');
    expect(existsSync(path.join(rig.cwd, 'b.txt'))).toBe(false);
    expect(toolResultText(rig, 2)).toBe('b.txt is off limits');
  });

  it('setPermissionMode("bypassPermissions") needs allowDangerouslySkipPermissions', async () => {
    rig = await startSdkRig([endTurn('one'), turn(toolUse('Bash', { command: 'echo bypassed > out.txt' })), endTurn('two')]);
    const prompts = promptStream();
    const refused = rig.run(prompts.stream);
    prompts.push('first');
    for await (const message of refused) {
      if (message.type !== 'result') continue;
      await expect(refused.setPermissionMode('bypassPermissions')).rejects.toThrow(/bypassPermissions can only be entered/);
      prompts.end();
    }
    const again = promptStream();
    const allowed = rig.run(again.stream, { allowDangerouslySkipPermissions: true });
    await allowed.setPermissionMode('bypassPermissions');
    again.push('second');
    for await (const message of allowed) if (message.type === 'result') again.end();
    expect(await readFile(path.join(rig.cwd, 'out.txt'), 'utf8')).toBe('bypassed\n');
  });

  it('includePartialMessages: stream_event messages arrive before the assistant message', async () => {
    rig = await startSdkRig([endTurn('streamed answer')]);
    const messages = await collect(rig.run('hi', { includePartialMessages: true }));
    const types = messages.map((message) => message.type);
    expect(types).toContain('stream_event');
    expect(types.indexOf('stream_event')).toBeLessThan(types.indexOf('assistant'));
  });
});


