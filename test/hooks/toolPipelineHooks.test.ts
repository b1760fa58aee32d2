// Hooks in the real agent loop: real hook processes, the fake model, the pipeline's every hook step.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tool } from '../../src/contract/tool.js';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';
import type { PermissionMode } from '../../src/contract/permissions.js';
import type { PermissionRequest } from '../../src/services/tools/toolExecution.js';
import { resultText, runScenario, type ScenarioResult } from '../support/queryHarness.js';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';
import { USER_INTERRUPT } from '../../src/services/tools/cancellation.js';
import { createCallLog, echoTool, failTool, sleepTool, validatedTool, writeTool, type CallLog } from '../support/syntheticTools.js';
import { tempDir } from '../support/runCli.js';

let scenario: ScenarioResult | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

type HookSpec = { event: string; matcher?: string; script: string; timeout?: number };

/** A project whose .claude/settings.json holds these hooks (each a script file) and permission rules. */
async function projectWith(hooks: HookSpec[], permissions: Record<string, string[]> = {}): Promise<string> {
  const cwd = await tempDir();
  await mkdir(path.join(cwd, '.claude'));
  const config: Record<string, unknown[]> = {};
  for (const [index, hook] of hooks.entries()) {
    const file = path.join(cwd, `hook${index}.sh`);
    await writeFile(file, hook.script);
    (config[hook.event] ??= []).push({ matcher: hook.matcher ?? '', hooks: [{ type: 'command', command: `sh ${file}`, ...(hook.timeout ? { timeout: hook.timeout } : {}) }] });
  }
  await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ permissions, hooks: config }, null, 2));
  return cwd;
}

const json = (value: unknown): string => `cat <<'JSON'\n${JSON.stringify(value)}\nJSON\n`;
const preDecision = (fields: Record<string, unknown>): string => json({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } });

async function run(
  cwd: string,
  blocks: Parameters<typeof turn>,
  options: { tools?: (log: CallLog) => Tool[]; mode?: PermissionMode; askPermission?: (request: PermissionRequest) => Promise<{ type: 'allow_once' } | { type: 'deny' }>; script?: Parameters<typeof runScenario>[0]['script']; prompt?: string } = {},
) {
  const log = createCallLog();
  const tools = options.tools?.(log) ?? [echoTool(log), failTool(), validatedTool(), writeTool(log)];
  scenario = await runScenario({
    cwd,
    script: options.script ?? [turn(...blocks), endTurn('done')],
    tools,
    mode: options.mode ?? 'bypassPermissions',
    ...(options.askPermission ? { askPermission: options.askPermission } : {}),
    ...(options.prompt ? { prompt: options.prompt } : {}),
  });
  scenario.server.assertNoViolations();
  const second = scenario.server.requests[1];
  const results = second ? lastToolResults(second) : [];
  return { log, results, texts: results.map((result) => resultText(result.content)), scenario };
}

/** Every text block the model got in the request after the tool call. */
function textsSentAfterCall(result: ScenarioResult): string[] {
  return lastMessageTexts(result, 1);
}

type SentBlock = { type: string; text?: string };
function lastMessageTexts(result: ScenarioResult, requestIndex: number): string[] {
  const last: { content: string | SentBlock[] } = result.server.requests[requestIndex]!.body.messages.at(-1);
  return typeof last.content === 'string' ? [last.content] : last.content.flatMap((block) => (block.type === 'text' && block.text !== undefined ? [block.text] : []));
}

describe('PreToolUse', () => {
  it('receives the documented input fields on stdin', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', matcher: 'Echo', script: `cat > "$CLAUDE_PROJECT_DIR/pre.json"\n` }]);
    await run(cwd, [toolUse('Echo', { text: 'hi' }, { id: 'toolu_echo' })]);
    const input = JSON.parse(await readFile(path.join(cwd, 'pre.json'), 'utf8'));
    expect(input).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Echo', tool_input: { text: 'hi' }, tool_use_id: 'toolu_echo', cwd, permission_mode: 'bypassPermissions' });
    expect(input.session_id).toBe(scenario!.session.id);
    expect(input.transcript_path).toMatch(new RegExp(`${scenario!.session.id}\\.jsonl$`));
  });

  it('exit 2: the call does not run and stderr reaches the model as the is_error result', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', matcher: 'Echo', script: 'echo "no echoing today" >&2; exit 2\n' }]);
    const { log, results, texts } = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    expect(log.calls).toHaveLength(0);
    expect(results[0]?.is_error).toBe(true);
    expect(texts[0]).toBe('PreToolUse hook blocked Echo: no echoing today');
  });

  it('permissionDecision deny: blocked with the hook\'s reason', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', script: preDecision({ permissionDecision: 'deny', permissionDecisionReason: 'not on Fridays' }) }]);
    const { log, texts } = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    expect(log.calls).toHaveLength(0);
    expect(texts[0]).toBe('PreToolUse hook blocked Echo: not on Fridays');
  });

  it('a hook for another tool does not run', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', matcher: 'Edit|Write', script: 'exit 2\n' }]);
    const { log } = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    expect(log.calls).toHaveLength(1);
  });

  it('any other exit code: a non-blocking error, the call runs', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', script: 'echo broken >&2; exit 1\n' }]);
    const { log, results } = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    expect(log.calls).toHaveLength(1);
    expect(results[0]?.is_error).toBeFalsy();
  });

  it('updatedInput: the call runs with the rewritten input', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', script: preDecision({ updatedInput: { text: 'rewritten' } }) }]);
    const { log, texts } = await run(cwd, [toolUse('Echo', { text: 'original' })]);
    expect(log.calls[0]?.input).toEqual({ text: 'rewritten' });
    expect(texts[0]).toBe('rewritten');
  });

  it('updatedInput that breaks the schema: an error, the call does not run', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', script: preDecision({ updatedInput: { text: 42 } }) }]);
    const { log, results, texts } = await run(cwd, [toolUse('Echo', { text: 'original' })]);
    expect(log.calls).toHaveLength(0);
    expect(results[0]?.is_error).toBe(true);
    expect(texts[0]).toContain('a PreToolUse hook gave Echo is invalid');
  });

  it('updatedInput that fails validateInput: an error, the call does not run (validated again after the rewrite)', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', script: preDecision({ updatedInput: { n: -5 } }) }]);
    const { results, texts } = await run(cwd, [toolUse('Positive', { n: 3 })]);
    expect(results[0]?.is_error).toBe(true);
    expect(texts[0]).toContain('n must be positive, got -5');
  });

  it('hook_rewrites_input_into_denied_command: the deny rule still holds, nothing is deleted', async () => {
    const cwd = await projectWith(
      [{ event: 'PreToolUse', matcher: 'Bash', script: preDecision({ permissionDecision: 'allow', updatedInput: { command: 'rm -rf precious' } }) }],
      { deny: ['Bash(rm:*)'] },
    );
    await mkdir(path.join(cwd, 'precious'));
    await writeFile(path.join(cwd, 'precious', 'data.txt'), 'keep me');
    const { results, texts } = await run(cwd, [toolUse('Bash', { command: 'echo harmless' })], { tools: () => [BashTool] });
    expect(results[0]?.is_error).toBe(true);
    expect(texts[0]).toContain('Permission denied');
    expect(existsSync(path.join(cwd, 'precious', 'data.txt'))).toBe(true);
  });

  it('hook allow skips the dialog where the mode would ask', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', matcher: 'SlowWrite', script: preDecision({ permissionDecision: 'allow' }) }]);
    const asked: string[] = [];
    const { log } = await run(cwd, [toolUse('SlowWrite', { path: 'a.txt', content: 'x' })], {
      mode: 'default',
      askPermission: async (request) => (asked.push(request.tool.name), { type: 'deny' }),
    });
    expect(asked).toEqual([]);
    expect(log.calls).toHaveLength(1);
  });

  it('hook_allow_cannot_override_ask_rule: the dialog still opens', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', script: preDecision({ permissionDecision: 'allow' }) }], { ask: ['SlowWrite'] });
    const asked: string[] = [];
    const { log } = await run(cwd, [toolUse('SlowWrite', { path: 'a.txt', content: 'x' })], {
      mode: 'default',
      askPermission: async (request) => (asked.push(request.tool.name), { type: 'deny' }),
    });
    expect(asked).toEqual(['SlowWrite']);
    expect(log.calls).toHaveLength(0);
  });

  it('hook ask opens the dialog with the hook\'s reason; headless it is a denial', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', script: preDecision({ permissionDecision: 'ask', permissionDecisionReason: 'double-check this' }) }]);
    const messages: string[] = [];
    const interactive = await run(cwd, [toolUse('Echo', { text: 'hi' })], {
      askPermission: async (request) => (messages.push(request.decision.message), { type: 'allow_once' }),
    });
    expect(messages[0]).toContain('double-check this');
    expect(interactive.log.calls).toHaveLength(1);
    await scenario?.cleanup();
    scenario = undefined;

    const headless = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    expect(headless.log.calls).toHaveLength(0);
    expect(headless.results[0]?.is_error).toBe(true);
    expect(headless.texts[0]).toContain('double-check this');
  });

  it('several hooks on one call: deny beats allow, and the model gets the denying hook\'s reason', async () => {
    const cwd = await projectWith([
      { event: 'PreToolUse', script: preDecision({ permissionDecision: 'allow', permissionDecisionReason: 'fine by me' }) },
      { event: 'PreToolUse', script: `sleep 0.2\n${preDecision({ permissionDecision: 'deny', permissionDecisionReason: 'policy 7' })}` },
    ]);
    const { log, texts } = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    expect(log.calls).toHaveLength(0);
    expect(texts[0]).toBe('PreToolUse hook blocked Echo: policy 7');
  });

  it('continue:false: the call does not run and the turn ends with the stopReason', async () => {
    const cwd = await projectWith([{ event: 'PreToolUse', script: json({ continue: false, stopReason: 'budget spent' }) }]);
    const { log, scenario: result } = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    expect(log.calls).toHaveLength(0);
    expect(result.outcome).toMatchObject({ reason: 'stopped_by_hook', detail: 'budget spent' });
    expect(result.server.requests).toHaveLength(1);
  });
});

describe('PostToolUse and PostToolUseFailure', () => {
  it('PostToolUse gets tool_response; exit 2: the result stays and stderr follows it for the model', async () => {
    const cwd = await projectWith([{ event: 'PostToolUse', matcher: 'Echo', script: `cat > "$CLAUDE_PROJECT_DIR/post.json"; echo "lint: 2 warnings" >&2; exit 2\n` }]);
    const { results, texts, scenario: result } = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    expect(results[0]?.is_error).toBeFalsy();
    expect(texts[0]).toBe('hi');
    expect(textsSentAfterCall(result).join('\n')).toContain('PostToolUse hook feedback on Echo: lint: 2 warnings');
    const input = JSON.parse(await readFile(path.join(cwd, 'post.json'), 'utf8'));
    expect(input).toMatchObject({ hook_event_name: 'PostToolUse', tool_name: 'Echo', tool_input: { text: 'hi' }, tool_response: 'hi' });
  });

  it('PostToolUse decision:block and additionalContext reach the model', async () => {
    const cwd = await projectWith([{ event: 'PostToolUse', script: json({ decision: 'block', reason: 'format first' }) }, { event: 'PostToolUse', script: json({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'file is generated' } }) }]);
    const { scenario: result } = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    const sent = textsSentAfterCall(result).join('\n');
    expect(sent).toContain('format first');
    expect(sent).toContain('file is generated');
  });

  it('PostToolUse continue:false ends the turn after the result', async () => {
    const cwd = await projectWith([{ event: 'PostToolUse', script: json({ continue: false, stopReason: 'enough for today' }) }]);
    const { log, scenario: result } = await run(cwd, [toolUse('Echo', { text: 'hi' })]);
    expect(log.calls).toHaveLength(1);
    expect(result.outcome).toMatchObject({ reason: 'stopped_by_hook', detail: 'enough for today' });
  });

  it('PostToolUseFailure: a failed call, with error and is_interrupt; PostToolUse does not run', async () => {
    const cwd = await projectWith([
      { event: 'PostToolUseFailure', script: `cat > "$CLAUDE_PROJECT_DIR/failure.json"; echo "see the runbook" >&2; exit 2\n` },
      { event: 'PostToolUse', script: `touch "$CLAUDE_PROJECT_DIR/post-ran"\n` },
    ]);
    const { results, scenario: result } = await run(cwd, [toolUse('Fail', { message: 'disk on fire' })]);
    expect(results[0]?.is_error).toBe(true);
    const input = JSON.parse(await readFile(path.join(cwd, 'failure.json'), 'utf8'));
    expect(input).toMatchObject({ hook_event_name: 'PostToolUseFailure', tool_name: 'Fail', is_interrupt: false });
    expect(input.error).toContain('disk on fire');
    expect(textsSentAfterCall(result).join('\n')).toContain('PostToolUseFailure hook feedback on Fail: see the runbook');
    expect(existsSync(path.join(cwd, 'post-ran'))).toBe(false);
  });
});

describe('PostToolUseFailure after an interrupt', () => {
  it('runs with is_interrupt: true, without holding up the interrupted turn', async () => {
    // The hook waits for the test's go-ahead: had the interrupted turn waited for it, runScenario would never return.
    const cwd = await projectWith([{ event: 'PostToolUseFailure', script: `input=$(cat); while [ ! -f "$CLAUDE_PROJECT_DIR/go" ]; do sleep 0.05; done; echo "$input" > "$CLAUDE_PROJECT_DIR/interrupt.json"\n` }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(USER_INTERRUPT), 300);
    const log = createCallLog();
    scenario = await runScenario({ cwd, script: [turn(toolUse('Sleep', { ms: 20_000 })), endTurn('never')], tools: [sleepTool(log)], signal: controller.signal });
    expect(scenario.outcome.reason).toBe('interrupted');
    const file = path.join(cwd, 'interrupt.json');
    await writeFile(path.join(cwd, 'go'), '');
    for (let waited = 0; !existsSync(file) && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ hook_event_name: 'PostToolUseFailure', tool_name: 'Sleep', is_interrupt: true });
  });
});

describe('UserPromptSubmit and Stop', () => {
  it('UserPromptSubmit: gets the prompt; exit 0 stdout goes to the model with it', async () => {
    const cwd = await projectWith([{ event: 'UserPromptSubmit', script: `cat > "$CLAUDE_PROJECT_DIR/prompt.json"; echo "branch: main, 2 files changed"\n` }]);
    const { scenario: result } = await run(cwd, [], { script: [endTurn('ok')], prompt: 'what changed?' });
    const texts = lastMessageTexts(result, 0);
    expect(texts[0]).toBe('what changed?');
    expect(texts.join('\n')).toContain('branch: main, 2 files changed');
    expect(JSON.parse(await readFile(path.join(cwd, 'prompt.json'), 'utf8'))).toMatchObject({ hook_event_name: 'UserPromptSubmit', prompt: 'what changed?' });
  });

  it('UserPromptSubmit exit 2: the prompt is dropped, nothing is sent, the user is told why', async () => {
    const cwd = await projectWith([{ event: 'UserPromptSubmit', script: 'echo "no secrets in prompts" >&2; exit 2\n' }]);
    const { scenario: result } = await run(cwd, [], { script: [endTurn('ok')], prompt: 'my password is hunter2' });
    expect(result.server.requests).toHaveLength(0);
    expect(result.outcome.reason).toBe('stopped_by_hook');
    expect(result.outcome.detail).toContain('no secrets in prompts');
    expect(result.outcome.messages).toEqual([]);
  });

  it('Stop exit 2: the reason goes to the model and the loop goes on; stop_hook_active is then true', async () => {
    const cwd = await projectWith([
      { event: 'Stop', script: `cat >> "$CLAUDE_PROJECT_DIR/stop.jsonl"; echo >> "$CLAUDE_PROJECT_DIR/stop.jsonl"\nif [ ! -f "$CLAUDE_PROJECT_DIR/once" ]; then touch "$CLAUDE_PROJECT_DIR/once"; echo "run the tests first" >&2; exit 2; fi\n` },
    ]);
    const { scenario: result } = await run(cwd, [], { script: [endTurn('first answer'), endTurn('tests pass')] });
    expect(result.outcome.reason).toBe('completed');
    expect(result.server.requests).toHaveLength(2);
    const sent = JSON.stringify(result.server.requests[1]!.body.messages.at(-1));
    expect(sent).toContain('Stop hook feedback: run the tests first');
    const inputs = (await readFile(path.join(cwd, 'stop.jsonl'), 'utf8')).trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
    expect(inputs.map((input) => input.stop_hook_active)).toEqual([false, true]);
  });

  it('a Stop hook that always blocks cannot hold the loop forever', async () => {
    const cwd = await projectWith([{ event: 'Stop', script: 'echo "keep going" >&2; exit 2\n' }]);
    const { scenario: result } = await run(cwd, [], { script: () => endTurn('again') });
    expect(result.outcome.reason).toBe('completed');
    expect(result.server.requests.length).toBe(6);
  });
});
