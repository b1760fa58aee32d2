// Elicitation with a real server (fixtures/elicitServer.mjs asks with the message and schema it is
// given and answers with the reply): the schema's fields and checks, the REPL's form, the session's
// answerer (accepted content checked against the schema before it goes back), headless (declined,
// one stderr line), the Agent SDK (forwarded to onElicitation) and server-everything's own tool.
import path from 'node:path';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkFieldInput, parseElicitationSchema, type ElicitationField, type ElicitationRequest } from '../../src/services/mcp/elicitation.js';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { ElicitationDialog } from '../../src/ui/dialogs/ElicitationDialog.js';
import { runCli, tempDir } from '../support/runCli.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { startFakeAnthropic } from '../support/fakeAnthropic.js';
import { collect, startSdkRig } from '../sdk/sdkHarness.js';
import { callThroughPipeline, contextFor, EVERYTHING, FIXTURES, nodeServer, startManager, textOf } from './mcpTestSupport.js';

const ELICIT_SERVER = path.join(FIXTURES, 'elicitServer.mjs');
const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 2 },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    subscribe: { type: 'boolean', default: false },
    color: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
  },
  required: ['name', 'age'],
};
/** Waits for the frame to show `text` (the machine may be busy: no fixed sleeps for what a test asserts). */
async function frameShowing(view: { lastFrame(): string | undefined }, text: string): Promise<string> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const frame = view.lastFrame() ?? '';
    if (frame.includes(text)) {
      // The frame is drawn before the new field's key handler is subscribed (an effect): let it run.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return frame;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the frame never showed ${JSON.stringify(text)}:\n${view.lastFrame()}`);
}

describe('the flat schema', () => {
  it('becomes text, number, boolean and choice fields', () => {
    const parsed = parseElicitationSchema(SCHEMA);
    expect(parsed.ok && parsed.fields.map((field) => [field.name, field.kind, field.required])).toEqual([
      ['name', 'text', true],
      ['age', 'number', true],
      ['subscribe', 'boolean', false],
      ['color', 'choice', false],
    ]);
  });

  it('takes an array of choices as multiple choice, checked against minItems/maxItems', () => {
    const parsed = parseElicitationSchema({ type: 'object', properties: { fish: { type: 'array', maxItems: 2, items: { anyOf: [{ const: 'f1', title: 'Tuna' }, { const: 'f2', title: 'Salmon' }, { const: 'f3', title: 'Trout' }] } } } });
    const [fish] = parsed.ok ? parsed.fields : [];
    expect(checkFieldInput(fish!, 'tuna, f3')).toEqual({ ok: true, value: ['f1', 'f3'] });
    expect(checkFieldInput(fish!, 'Tuna,Salmon,Trout')).toEqual({ ok: false, error: 'fish takes at most 2' });
  });

  it('refuses nested objects and other arrays', () => {
    expect(parseElicitationSchema({ type: 'object', properties: { tags: { type: 'array' } } })).toEqual({
      ok: false,
      error: 'field "tags" is of type "array", which a flat elicitation form cannot ask for',
    });
  });

  const fields = (parseElicitationSchema(SCHEMA) as { fields: ElicitationField[] }).fields;
  const [name, age, subscribe, color] = fields as [ElicitationField, ElicitationField, ElicitationField, ElicitationField];
  it.each([
    [name, 'A', { ok: false, error: 'Your name needs at least 2 characters' }],
    [name, '', { ok: false, error: 'Your name is required' }],
    [age, '1.5', { ok: false, error: 'age must be a whole number' }],
    [age, '200', { ok: false, error: 'age must be at most 150' }],
    [age, 'forty', { ok: false, error: 'age must be a number' }],
    [age, '40', { ok: true, value: 40 }],
    [subscribe, 'yes', { ok: true, value: true }],
    [subscribe, '', { ok: true, value: undefined }],
    [color, 'green', { ok: true, value: 'g' }],
    [color, 'blue', { ok: false, error: 'color must be one of Red, Green' }],
  ])('%# %j', (field, typed, expected) => {
    expect(checkFieldInput(field, typed)).toEqual(expected);
  });
});

describe('the REPL form', () => {
  it('asks field by field, refuses a wrong value with the reason, and accepts with typed values', async () => {
    const parsed = parseElicitationSchema(SCHEMA);
    const request: ElicitationRequest = { server: 'crm', message: 'Who are you?', fields: parsed.ok ? parsed.fields : [], requestedSchema: SCHEMA };
    const onAnswer = vi.fn();
    const view = render(<ElicitationDialog request={request} onAnswer={onAnswer} />);
    expect(await frameShowing(view, 'MCP server crm asks · 1 of 4')).toContain('Who are you?');
    view.stdin.write('Ada');
    await frameShowing(view, '> Ada');
    view.stdin.write('\r');
    await frameShowing(view, '2 of 4');
    view.stdin.write('old');
    await frameShowing(view, '> old');
    view.stdin.write('\r');
    await frameShowing(view, 'age must be a number');
    for (const left of ['> ol', '> o', '> ']) {
      view.stdin.write('\u007F');
      await frameShowing(view, left);
    }
    view.stdin.write('36');
    await frameShowing(view, '> 36');
    view.stdin.write('\r');
    await frameShowing(view, '3 of 4');
    view.stdin.write('1'); // subscribe: Yes
    await frameShowing(view, '4 of 4');
    view.stdin.write('2'); // color: Green
    await vi.waitFor(() => expect(onAnswer).toHaveBeenCalled());
    expect(onAnswer).toHaveBeenCalledWith({ action: 'accept', content: { name: 'Ada', age: 36, subscribe: true, color: 'g' } });
    view.unmount();
  });

  it('Esc offers decline or cancel', async () => {
    const request: ElicitationRequest = { server: 'crm', message: 'Name?', fields: [{ name: 'n', title: 'n', kind: 'text', required: true }], requestedSchema: {} };
    const onAnswer = vi.fn();
    const view = render(<ElicitationDialog request={request} onAnswer={onAnswer} />);
    await frameShowing(view, 'Name?');
    view.stdin.write('\u001B');
    await frameShowing(view, 'Decline (tell crm no)');
    view.stdin.write('1');
    await vi.waitFor(() => expect(onAnswer).toHaveBeenCalledWith({ action: 'decline' }));
    view.unmount();
  });
});

describe('a session answering a real server', () => {
  let manager: McpManager;
  beforeAll(async () => {
    manager = await startManager({ ask: nodeServer(ELICIT_SERVER) });
    await manager.whenStarted();
  });
  afterAll(async () => manager.close());
  const ask = async () => textOf(await callThroughPipeline(contextFor(manager.tools(), manager.clients()), 'mcp__ask__ask', { message: 'Who are you?', schema: JSON.stringify(SCHEMA) }));

  it('with no answerer, declines', async () => {
    manager.setElicitationHandler(undefined);
    expect(await ask()).toBe('{"action":"decline"}');
  });

  it("passes the server's message and fields to the answerer and its accepted content back", async () => {
    const seen: ElicitationRequest[] = [];
    manager.setElicitationHandler(async (request) => {
      seen.push(request);
      return { action: 'accept', content: { name: 'Ada', age: 36 } };
    });
    expect(JSON.parse(await ask())).toEqual({ action: 'accept', content: { name: 'Ada', age: 36 } });
    expect(seen[0]).toMatchObject({ server: 'ask', message: 'Who are you?' });
    expect(seen[0]!.fields.map((field) => field.name)).toEqual(['name', 'age', 'subscribe', 'color']);
  });

  it('content that does not match the schema never reaches the server: it is declined', async () => {
    manager.setElicitationHandler(async () => ({ action: 'accept', content: { name: 'Ada', age: 'old', extra: 1 } as never }));
    expect(await ask()).toBe('{"action":"decline"}');
    manager.setElicitationHandler(async () => ({ action: 'cancel' }));
    expect(await ask()).toBe('{"action":"cancel"}');
  });

  it("server-everything's trigger-elicitation-request is offered (the client declares form elicitation) and answered", async () => {
    const everything = await startManager({ everything: nodeServer(EVERYTHING) });
    try {
      await everything.whenStarted();
      const answered: string[] = [];
      everything.setElicitationHandler(async (request) => {
        answered.push(request.message);
        return { action: 'decline' };
      });
      const result = textOf(await callThroughPipeline(contextFor(everything.tools(), everything.clients()), 'mcp__everything__trigger-elicitation-request', {}));
      expect(answered).toHaveLength(1);
      expect(result.toLowerCase()).toContain('decline');
    } finally {
      await everything.close();
    }
  });
});

describe('front ends', () => {
  const config = JSON.stringify({ mcpServers: { ask: nodeServer(ELICIT_SERVER) } });
  const script = [turn(toolUse('mcp__ask__ask', { message: 'Pick a colour', schema: JSON.stringify(SCHEMA) }, { id: 'toolu_ask' })), endTurn('ok')];

  it('headless: declined, with one line on stderr naming the server and its question', async () => {
    const server = await startFakeAnthropic({ script });
    try {
      const run = await runCli(['-p', 'go', '--mcp-config', config, '--allowedTools', 'mcp__ask'], {
        cwd: await tempDir('agentcli-elicit-cwd-'),
        env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: await tempDir('agentcli-elicit-config-') },
      });
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('agentcli: MCP server "ask" asked for input ("Pick a colour"); declined: a headless run has no one to answer.\n');
      expect(toolResultText(lastToolResults(server.requests[1]!)[0]!)).toBe('{"action":"decline"}');
    } finally {
      await server.close();
    }
  });

  it("Agent SDK: forwarded to the client's onElicitation, whose answer goes back to the server", async () => {
    const rig = await startSdkRig(script);
    try {
      const onElicitation = vi.fn(async (_request: unknown) => ({ action: 'accept' as const, content: { name: 'Ada', age: 36 } }));
      const messages = await collect(rig.run('go', { mcpServers: { ask: nodeServer(ELICIT_SERVER) as { command: string; args: string[] } }, allowedTools: ['mcp__ask'], onElicitation }));
      expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });
      expect(onElicitation).toHaveBeenCalledTimes(1);
      expect(onElicitation.mock.calls[0]![0]).toMatchObject({ serverName: 'ask', message: 'Pick a colour', mode: 'form', requestedSchema: SCHEMA });
      expect(JSON.parse(toolResultText(lastToolResults(rig.server.requests[1]!)[0]!))).toEqual({ action: 'accept', content: { name: 'Ada', age: 36 } });
    } finally {
      await rig.close();
    }
  });
});
