// The flags the Claude Agent SDK passes (issue 17), each judged end to end on the built CLI against the fake server.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

const headless = workspace.run;

function systemText(request: { body: { system: Array<{ text: string }> } }): string {
  return request.body.system.map((block) => block.text).join('\n');
}

function offeredTools(): string[] {
  return (workspace.server!.requests[0]!.body.tools ?? []).map((tool: { name: string }) => tool.name);
}

describe('--system-prompt', () => {
  it('replaces the built-in instructions; the environment facts and --append-system-prompt still follow', async () => {
    const run = await headless([endTurn('ok')], ['-p', 'hi', '--system-prompt=You are a pirate.', '--append-system-prompt', 'Say arr.']);
    expect(run.code).toBe(0);
    const system = systemText(workspace.server!.requests[0]!);
    expect(system.startsWith('You are a pirate.')).toBe(true);
    expect(system).not.toContain('You are agentcli');
    expect(system).toContain(`Working directory: ${cwd}`);
    expect(system.trimEnd().endsWith('Say arr.')).toBe(true);
  });

  it('without it the built-in instructions are sent', async () => {
    await headless([endTurn('ok')], ['-p', 'hi']);
    expect(systemText(workspace.server!.requests[0]!)).toContain('You are agentcli');
  });
});

describe('--tools', () => {
  it('a list offers the model only those built-ins (the SDK joins names with commas)', async () => {
    const run = await headless([endTurn('ok')], ['-p', 'hi', '--tools=Read,Grep']);
    expect(run.code).toBe(0);
    expect(offeredTools()).toEqual(['Grep', 'Read']);
  });

  it('"" offers no tools at all', async () => {
    const run = await headless([endTurn('ok')], ['-p', 'hi', '--tools', '']);
    expect(run.code).toBe(0);
    expect(offeredTools()).toEqual([]);
  });

  it('"default" offers every built-in', async () => {
    await headless([endTurn('ok')], ['-p', 'hi', '--tools=default']);
    expect(offeredTools()).toEqual(expect.arrayContaining(['Bash', 'Edit', 'Read', 'Write', 'Agent']));
  });

  it('a name agentcli lacks is a warning, not a failure', async () => {
    const run = await headless([endTurn('ok')], ['-p', 'hi', '--tools=Read,NoSuchTool']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('--tools: no built-in tool named NoSuchTool');
    expect(offeredTools()).toEqual(['Read']);
  });
});

describe('--max-budget-usd', () => {
  // 100k input tokens on the default model cost about $0.20 a turn.
  const costly = (scripted: ScriptedTurn): ScriptedTurn => ({ ...scripted, usage: { input_tokens: 100_000, output_tokens: 10 } });

  it('stops before the request that would start once the cost reached the budget: error_max_budget_usd', async () => {
    const run = await headless(
      [costly(turn(toolUse('NoSuchTool', {}))), costly(turn(toolUse('NoSuchTool', {}))), costly(endTurn('never sent'))],
      ['-p', 'go', '--output-format', 'json', '--max-budget-usd=0.35'],
    );
    expect(workspace.server!.requests).toHaveLength(2);
    expect(run.code).toBe(1);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ type: 'result', subtype: 'error_max_budget_usd', is_error: true, num_turns: 2 });
    expect(result.total_cost_usd).toBeGreaterThanOrEqual(0.35);
    expect(run.stderr).toContain('--max-budget-usd');
  });

  it('an answer that arrives within budget is a success', async () => {
    const run = await headless([costly(endTurn('done'))], ['-p', 'go', '--output-format', 'json', '--max-budget-usd', '0.1']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'success', result: 'done' });
  });
});

describe('--include-partial-messages', () => {
  const streamJson = (stdout: string) => stdout.trimEnd().split('\n').map((line) => JSON.parse(line));

  it('stream_event lines carry every raw API event, in the order the server sent them, before the assistant message', async () => {
    const run = await headless([endTurn('Hello there, partial world.')], ['-p', 'hi', '--output-format', 'stream-json', '--verbose', '--include-partial-messages']);
    expect(run.code).toBe(0);
    const lines = streamJson(run.stdout);
    const events = lines.filter((line) => line.type === 'stream_event');
    // The Anthropic SDK drops keep-alive pings; everything else comes through as sent.
    const sent = workspace.server!.sent.filter((record) => record.event !== 'ping');
    expect(events.map((line) => line.event.type)).toEqual(sent.map((record) => record.event));
    expect(events.map((line) => line.event.type)).toEqual(expect.arrayContaining(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']));
    expect(events.map((line) => line.event)).toEqual(sent.map((record) => record.data));
    const deltas = events.filter((line) => line.event.type === 'content_block_delta').map((line) => line.event.delta.text).join('');
    expect(deltas).toBe('Hello there, partial world.');
    for (const line of events) {
      expect(line).toMatchObject({ session_id: lines[0].session_id, parent_tool_use_id: null });
      expect(typeof line.uuid).toBe('string');
    }
    const types = lines.map((line) => line.type);
    expect(types[0]).toBe('system');
    expect(types.lastIndexOf('stream_event')).toBeLessThan(types.indexOf('assistant'));
    expect(types.at(-1)).toBe('result');
  });

  it('without the flag there is no stream_event line', async () => {
    const run = await headless([endTurn('Hello there.')], ['-p', 'hi', '--output-format', 'stream-json', '--verbose']);
    expect(run.code).toBe(0);
    expect(streamJson(run.stdout).map((line) => line.type)).toEqual(['system', 'assistant', 'result']);
  });

  it('is refused, in one line, without stream-json output', async () => {
    const run = await headless([], ['-p', 'hi', '--include-partial-messages']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('agentcli: --include-partial-messages needs --output-format stream-json.\n');
  });
});

describe('--json-schema (structured output)', () => {
  const schema = JSON.stringify({
    type: 'object',
    properties: { answer: { type: 'integer' }, reason: { type: 'string' } },
    required: ['answer', 'reason'],
    additionalProperties: false,
  });

  it('the model answers through StructuredOutput, whose input schema is the given schema; the result carries structured_output', async () => {
    const run = await headless([turn(toolUse('StructuredOutput', { answer: 42, reason: 'asked' }))], ['-p', 'answer', '--output-format', 'json', `--json-schema=${schema}`]);
    expect(run.code).toBe(0);
    const offered = workspace.server!.requests[0]!.body.tools.find((tool: { name: string }) => tool.name === 'StructuredOutput');
    expect(offered.input_schema).toEqual(JSON.parse(schema));
    expect(JSON.stringify(workspace.server!.requests[0]!.body.system)).toContain('StructuredOutput');
    // The accepted call ends the run: no request after it.
    expect(workspace.server!.requests).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'success', is_error: false, structured_output: { answer: 42, reason: 'asked' } });
  });

  it('an invalid answer is refused with the reason, and the fixed one is accepted', async () => {
    const run = await headless(
      [turn(toolUse('StructuredOutput', { answer: 'forty-two' })), turn(toolUse('StructuredOutput', { answer: 42, reason: 'fixed' }))],
      ['-p', 'answer', '--output-format', 'stream-json', '--verbose', '--json-schema', schema],
    );
    expect(run.code).toBe(0);
    const refusal = workspace.server!.requests[1]!.body.messages.at(-1).content.find((block: { type: string }) => block.type === 'tool_result');
    expect(refusal.is_error).toBe(true);
    expect(JSON.stringify(refusal.content)).toMatch(/answer/);
    expect(JSON.stringify(refusal.content)).toMatch(/reason/);
    const result = JSON.parse(run.stdout.trimEnd().split('\n').at(-1)!);
    expect(result).toMatchObject({ type: 'result', subtype: 'success', num_turns: 2, structured_output: { answer: 42, reason: 'fixed' } });
  });

  it('an answer never given is an error result: error_max_structured_output_retries, after a bounded number of nudges', async () => {
    const run = await headless(
      Array.from({ length: 6 }, () => endTurn('I would rather talk.')),
      ['-p', 'answer', '--output-format', 'json', '--json-schema', schema],
    );
    expect(run.code).toBe(1);
    expect(workspace.server!.requests).toHaveLength(5);
    expect(JSON.stringify(workspace.server!.requests[1]!.body.messages.at(-1))).toContain('without calling StructuredOutput');
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ subtype: 'error_max_structured_output_retries', is_error: true });
    expect(result.structured_output).toBeUndefined();
    expect(run.stderr).toContain('--json-schema');
  });

  it('text output prints the structured answer as one JSON line', async () => {
    const run = await headless([turn(toolUse('StructuredOutput', { answer: 7, reason: 'r' }))], ['-p', 'answer', '--json-schema', schema]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ answer: 7, reason: 'r' });
  });

  it('a schema that does not compile is refused in one line before any request', async () => {
    const run = await headless([], ['-p', 'answer', '--json-schema', '{"type": "object", "properties": {"a": {"type": "nonsense"}}}']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^agentcli: --json-schema: not a valid JSON Schema: .+\n$/);
    expect(workspace.server!.requests).toHaveLength(0);
  });
});

describe('--setting-sources and --settings', () => {
  const writeSettings = async (file: string, settings: unknown) => {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, JSON.stringify(settings, null, 2));
  };
  const projectSettings = () => path.join(cwd, '.claude', 'settings.json');
  const writeCall = (name: string) => turn(toolUse('Write', { file_path: path.join(cwd, name), content: 'written\n' }));
  // Headless in default mode: Write asks, and an ask is a denial, unless a rule allows it.

  it('without the flag a project allow rule applies (the baseline the exclusions are judged against)', async () => {
    await writeSettings(projectSettings(), { permissions: { allow: ['Write'] } });
    const run = await headless([writeCall('allowed.txt'), endTurn('ok')], ['-p', 'write']);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(cwd, 'allowed.txt'))).toBe(true);
  });

  it('--setting-sources user: the project allow rule is not read, so Write is refused and nothing is written', async () => {
    await writeSettings(projectSettings(), { permissions: { allow: ['Write'] } });
    const run = await headless([writeCall('refused.txt'), endTurn('ok')], ['-p', 'write', '--setting-sources=user']);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(cwd, 'refused.txt'))).toBe(false);
    expect(lastToolResults(workspace.server!.requests[1]!)[0]?.is_error).toBe(true);
  });

  it('--setting-sources without project: a project hook does not run (no marker on disk); with it, it does', async () => {
    const marker = path.join(cwd, 'hook-ran');
    await writeSettings(projectSettings(), {
      hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `node -e "require('fs').writeFileSync('hook-ran', 'x')"` }] }] },
    });
    await headless([endTurn('ok')], ['-p', 'hi', '--setting-sources', 'user,local']);
    expect(existsSync(marker)).toBe(false);
    await headless([endTurn('ok')], ['-p', 'hi', '--setting-sources', 'user,project,local']);
    expect(existsSync(marker)).toBe(true);
  });

  it('--setting-sources "" reads no settings file and no CLAUDE.md; the user settings file is excluded too', async () => {
    await writeFile(path.join(cwd, 'CLAUDE.md'), 'Project instruction: always say banana.\n');
    await writeSettings(path.join(configDir, 'settings.json'), { permissions: { allow: ['Write'] } });
    const run = await headless([writeCall('refused.txt'), endTurn('ok')], ['-p', 'write', '--setting-sources=']);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(cwd, 'refused.txt'))).toBe(false);
    expect(JSON.stringify(workspace.server!.requests[0]!.body.system)).not.toContain('banana');
  });

  it('--settings inline JSON adds a layer: its allow rule lets Write run, even with no settings files read', async () => {
    const run = await headless([writeCall('from-flag.txt'), endTurn('ok')], ['-p', 'write', '--setting-sources=', '--settings', '{"permissions": {"allow": ["Write"]}}']);
    expect(run.code).toBe(0);
    expect(await readFile(path.join(cwd, 'from-flag.txt'), 'utf8')).toBe('written\n');
  });

  it('--settings <file>: its deny rule holds over a project allow rule', async () => {
    await writeSettings(projectSettings(), { permissions: { allow: ['Write'] } });
    await writeSettings(path.join(cwd, 'extra-settings.json'), { permissions: { deny: ['Write'] } });
    const run = await headless([writeCall('denied.txt'), endTurn('ok')], ['-p', 'write', '--settings', 'extra-settings.json']);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(cwd, 'denied.txt'))).toBe(false);
  });

  it('--settings naming a missing file fails in one line before any request', async () => {
    const run = await headless([], ['-p', 'hi', '--settings', 'nope.json']);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')[0]).toContain('nope.json');
    expect(workspace.server!.requests).toHaveLength(0);
  });
});

describe('--thinking (the SDK thinkingConfig)', () => {
  it('adaptive turns thinking on for a plain prompt; disabled turns it off', async () => {
    await headless([endTurn('ok')], ['-p', 'hi', '--thinking=adaptive']);
    expect(workspace.server!.requests[0]!.body.thinking).toEqual({ type: 'adaptive' });
    await headless([endTurn('ok')], ['-p', 'ultrathink about it', '--thinking=disabled']);
    expect(workspace.server!.requests[0]!.body.thinking).toEqual({ type: 'disabled' });
  });

  it('without it a plain prompt does not think', async () => {
    await headless([endTurn('ok')], ['-p', 'hi']);
    expect(workspace.server!.requests[0]!.body.thinking).toBeUndefined();
  });
});
