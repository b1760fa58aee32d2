// The hook types beyond `command`: http against a real local server, prompt and agent against
// the fake model through the built CLI. Same precedence as command hooks (deny > ask > allow).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HookInput } from '../../src/hooks/hookEvents.js';
import { runElicitationHooks, runElicitationResultHooks } from '../../src/hooks/lifecycleEventHooks.js';
import { loadHooks } from '../../src/hooks/loadHooks.js';
import type { RecordedRequest, ScriptedTurn } from '../support/fakeAnthropic.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { endTurn, lastToolResults, text, toolResultText, toolUse, turn } from '../support/scenario.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

type Received = { headers: http.IncomingHttpHeaders; body: string };
let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function hookServer(answer: (received: Received) => { status: number; body: string; delayMs?: number }): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const entry = { headers: request.headers, body };
      received.push(entry);
      const reply = answer(entry);
      setTimeout(() => response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body), reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

async function settingsHooks(hooks: Record<string, unknown>): Promise<void> {
  await mkdir(path.join(cwd, '.claude'), { recursive: true });
  await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks }, null, 2));
}

const preToolUse = (toolUseId = 'toolu_1'): HookInput => ({
  session_id: 's1',
  transcript_path: '/t.jsonl',
  cwd,
  permission_mode: 'default',
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'rm -rf /' },
  tool_use_id: toolUseId,
});
const run = { signal: new AbortController().signal, get cwd() { return cwd; }, get projectDir() { return cwd; } };

describe('http hooks', () => {
  it('POSTs the event as JSON; the body is the output; only allowedEnvVars expand in headers', async () => {
    const target = await hookServer(() => ({
      status: 200,
      body: JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'server says no' } }),
    }));
    await settingsHooks({
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'http', url: target.url, headers: { Authorization: 'Bearer $HOOK_TOKEN', 'X-Leak': '${SECRET_NOT_ALLOWED}' }, allowedEnvVars: ['HOOK_TOKEN'] }] }],
    });
    const hooks = await loadHooks({ cwd, configDir, isTrusted: true, env: { HOOK_TOKEN: 'tok-123', SECRET_NOT_ALLOWED: 'leaked' } });
    const merged = await hooks.run(preToolUse(), run);
    expect(merged.permission).toMatchObject({ decision: 'deny', reason: 'server says no' });
    expect(JSON.parse(target.received[0]!.body)).toMatchObject({ hook_event_name: 'PreToolUse', tool_input: { command: 'rm -rf /' } });
    expect(target.received[0]!.headers['authorization']).toBe('Bearer tok-123');
    expect(target.received[0]!.headers['x-leak']).toBe('');
    expect(target.received[0]!.headers['content-type']).toBe('application/json');
  });

  it('a non-2xx status, a timeout and an unreachable server are non-blocking errors', async () => {
    const target = await hookServer((received) => (JSON.parse(received.body).tool_use_id === 'slow' ? { status: 200, body: '{}', delayMs: 3_000 } : { status: 503, body: 'down for maintenance' }));
    await settingsHooks({
      PreToolUse: [
        { hooks: [{ type: 'http', url: target.url }] },
        { hooks: [{ type: 'http', url: target.url.replace('/hook', '/slow'), timeout: 1 }] },
        { hooks: [{ type: 'http', url: 'http://127.0.0.1:1/nothing-here' }] },
      ],
    });
    const hooks = await loadHooks({ cwd, configDir, isTrusted: true });
    const failing = await hooks.run(preToolUse(), run);
    expect(failing.permission).toBeUndefined();
    expect(failing.errors.map((error) => error.message)).toEqual([
      'HTTP 503: down for maintenance',
      expect.stringMatching(/HTTP 503|request failed/),
      expect.stringMatching(/^request failed: /),
    ]);
    const slow = await hooks.run(preToolUse('slow'), run);
    expect(slow.errors.map((error) => error.message)).toContain('request failed: no answer within 1 s');
  });

  it('an untrusted folder\'s http hook never sends anything', async () => {
    const target = await hookServer(() => ({ status: 200, body: '{}' }));
    await settingsHooks({ PreToolUse: [{ hooks: [{ type: 'http', url: target.url }] }] });
    const hooks = await loadHooks({ cwd, configDir, isTrusted: false });
    await hooks.run(preToolUse(), run);
    expect(target.received).toHaveLength(0);
  });
});

/** The judge's requests start with the judging instructions; everything else is the main conversation. */
function byConversation(main: ScriptedTurn[], judge: Array<ScriptedTurn | ((request: RecordedRequest) => ScriptedTurn)>) {
  let mainIndex = 0;
  let judgeIndex = 0;
  return (request: RecordedRequest): ScriptedTurn => {
    const first = request.body.messages[0].content;
    const firstText = typeof first === 'string' ? first : first.map((block: { text?: string }) => block.text ?? '').join('');
    if (firstText.startsWith('You check one event')) {
      const step = judge[judgeIndex++]!;
      return typeof step === 'function' ? step(request) : step;
    }
    return main[mainIndex++]!;
  };
}

describe('prompt and agent hooks', () => {
  it('prompt: the fast model judges the event; its deny blocks the call with its reason', async () => {
    await settingsHooks({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'prompt', prompt: 'Refuse anything that deletes files. Event: $ARGUMENTS' }] }] });
    const run = await workspace.run(
      byConversation(
        [turn(toolUse('Bash', { command: 'touch kept.txt && rm kept.txt' })), endTurn('ok')],
        [endTurn('{"decision": "deny", "reason": "it deletes a file"}')],
      ),
      ['-p', 'clean', '--dangerously-skip-permissions'],
    );
    expect(run.code).toBe(0);
    const requests = workspace.server!.requests;
    const judge = requests.find((request) => JSON.stringify(request.body.messages).includes('Refuse anything that deletes files'))!;
    expect(judge.body.model).toMatch(/haiku/);
    expect(JSON.stringify(judge.body.messages)).toContain('touch kept.txt && rm kept.txt');
    expect(toolResultText(lastToolResults(requests.at(-1)!)[0]!)).toBe('PreToolUse hook blocked Bash: it deletes a file');
    expect(existsSync(path.join(cwd, 'kept.txt'))).toBe(false);
  });

  it('prompt: allow skips the dialog where the mode asked; Claude Code\'s {"ok": false} means deny; nonsense is an error, not an allow', async () => {
    await settingsHooks({ PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'prompt', prompt: 'Allow harmless commands.' }] }] });
    await workspace.run(byConversation([turn(toolUse('Bash', { command: 'touch made.txt' })), endTurn('ok')], [endTurn('```json\n{"decision": "allow", "reason": "harmless"}\n```')]), ['-p', 'make']);
    expect(existsSync(path.join(cwd, 'made.txt'))).toBe(true);

    await workspace.run(byConversation([turn(toolUse('Bash', { command: 'touch second.txt' })), endTurn('ok')], [endTurn('{"ok": false, "reason": "not today"}')]), ['-p', 'make', '--dangerously-skip-permissions']);
    expect(existsSync(path.join(cwd, 'second.txt'))).toBe(false);

    const confused = await workspace.run(byConversation([turn(toolUse('Bash', { command: 'touch third.txt' })), endTurn('ok')], [endTurn('I think it is fine')]), ['-p', 'make']);
    expect(confused.stderr).toContain('the judge did not answer with {"decision", "reason"} JSON');
    expect(existsSync(path.join(cwd, 'third.txt'))).toBe(false); // headless default mode: still asks, so refused
  });

  it('agent: a subagent with read-only tools looks before it decides; its own calls run no hooks', async () => {
    await writeFile(path.join(cwd, 'POLICY.md'), 'Never touch generated files.');
    await settingsHooks({ PreToolUse: [{ matcher: 'Bash|Read', hooks: [{ type: 'agent', prompt: 'Check POLICY.md in the project and judge the call.' }] }] });
    const run = await workspace.run(
      byConversation(
        [turn(toolUse('Bash', { command: 'touch generated.txt' })), endTurn('ok')],
        [
          turn(toolUse('Read', { file_path: path.join(cwd, 'POLICY.md') })),
          (request) => {
            expect(toolResultText(lastToolResults(request)[0]!)).toContain('Never touch generated files.');
            return { blocks: [text('{"decision": "deny", "reason": "POLICY.md forbids touching generated files"}')], stopReason: 'end_turn' };
          },
        ],
      ),
      ['-p', 'generate', '--dangerously-skip-permissions'],
    );
    expect(run.code).toBe(0);
    const judgeFirst = workspace.server!.requests.find((request) => JSON.stringify(request.body.messages).includes('Check POLICY.md'))!;
    expect(judgeFirst.body.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(['Glob', 'Grep', 'Read']);
    expect(toolResultText(lastToolResults(workspace.server!.requests.at(-1)!)[0]!)).toBe('PreToolUse hook blocked Bash: POLICY.md forbids touching generated files');
    expect(existsSync(path.join(cwd, 'generated.txt'))).toBe(false);
  });
});

describe('Elicitation hooks (fired by the MCP client when a server asks)', () => {
  it('a hook may answer the question, or replace the user\'s answer; a block declines', async () => {
    await settingsHooks({
      Elicitation: [{ matcher: 'deploy-server', hooks: [{ type: 'command', command: `printf '%s' '{"hookSpecificOutput":{"hookEventName":"Elicitation","action":"accept","content":{"env":"staging"}}}'` }] }],
      ElicitationResult: [{ matcher: 'billing', hooks: [{ type: 'command', command: 'echo "never share card numbers" >&2; exit 2' }] }],
    });
    const hooks = await loadHooks({ cwd, configDir, isTrusted: true });
    const call = { session: { id: 's1', dir: path.join(configDir, 's1') }, cwd, permissionMode: 'default' as const, run };
    expect(await runElicitationHooks(hooks, call, { mcp_server_name: 'deploy-server', message: 'Which environment?', mode: 'form', requested_schema: { type: 'object' } })).toEqual({
      action: 'accept',
      content: { env: 'staging' },
    });
    expect(await runElicitationHooks(hooks, call, { mcp_server_name: 'other', message: 'x', mode: 'form' })).toBeUndefined();
    expect(await runElicitationResultHooks(hooks, call, { mcp_server_name: 'billing', action: 'accept', content: { card: '4111' }, mode: 'form' })).toEqual({ action: 'decline' });
    expect(await runElicitationResultHooks(hooks, call, { mcp_server_name: 'other', action: 'accept', content: { a: 1 }, mode: 'form' })).toEqual({ action: 'accept', content: { a: 1 } });
  });
});
