// Elicitation / ElicitationResult hooks around a real MCP server's question (test/mcp/fixtures/elicitServer.mjs
// asks with the message and schema it is given and answers with the reply), in a headless run, which on its
// own declines every question: an Elicitation hook answers for the user, an ElicitationResult hook sees the
// answer and may block it.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeAnthropic } from '../support/fakeAnthropic.js';
import { runCli, tempDir } from '../support/runCli.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { FIXTURES, nodeServer } from '../mcp/mcpTestSupport.js';

const SCHEMA = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name', 'age'] };

async function runWithHooks(hooks: Record<string, unknown>): Promise<{ result: string; stderr: string; cwd: string }> {
  const cwd = await tempDir('agentcli-elicit-hooks-');
  await mkdir(path.join(cwd, '.claude'));
  await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks }));
  const config = JSON.stringify({ mcpServers: { ask: nodeServer(path.join(FIXTURES, 'elicitServer.mjs')) } });
  const server = await startFakeAnthropic({
    script: [turn(toolUse('mcp__ask__ask', { message: 'Who are you?', schema: JSON.stringify(SCHEMA) }, { id: 'toolu_ask' })), endTurn('ok')],
  });
  try {
    const run = await runCli(['-p', 'go', '--mcp-config', config, '--allowedTools', 'mcp__ask'], {
      cwd,
      env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: await tempDir('agentcli-elicit-hooks-config-') },
    });
    expect(run.code, run.stderr).toBe(0);
    return { result: toolResultText(lastToolResults(server.requests[1]!)[0]!), stderr: run.stderr, cwd };
  } finally {
    await server.close();
  }
}

const printJson = (value: unknown): string => `node -e 'process.stdout.write(process.argv[1])' '${JSON.stringify(value)}'`;

describe('Elicitation hooks', () => {
  it('an Elicitation hook answers for the user (no front end asked); ElicitationResult hears the answer that goes back', async () => {
    const { result, stderr, cwd } = await runWithHooks({
      Elicitation: [{ matcher: 'ask', hooks: [{ type: 'command', command: printJson({ hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content: { name: 'Ada', age: 36 } } }) }] }],
      ElicitationResult: [{ hooks: [{ type: 'command', command: 'cat > elicitation-result.json' }] }],
    });
    expect(JSON.parse(result)).toEqual({ action: 'accept', content: { name: 'Ada', age: 36 } });
    expect(stderr).not.toContain('declined');
    const heard = JSON.parse(await readFile(path.join(cwd, 'elicitation-result.json'), 'utf8'));
    expect(heard).toMatchObject({ hook_event_name: 'ElicitationResult', mcp_server_name: 'ask', action: 'accept', content: { name: 'Ada', age: 36 } });
  });

  it('an ElicitationResult hook that blocks turns the answer into a decline', async () => {
    const { result } = await runWithHooks({
      Elicitation: [{ hooks: [{ type: 'command', command: printJson({ hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content: { name: 'Ada', age: 36 } } }) }] }],
      ElicitationResult: [{ hooks: [{ type: 'command', command: 'echo "not this answer" >&2; exit 2' }] }],
    });
    expect(JSON.parse(result)).toEqual({ action: 'decline' });
  });

  it('a hook content that breaks the schema does not reach the server as an accept', async () => {
    const { result } = await runWithHooks({
      Elicitation: [{ hooks: [{ type: 'command', command: printJson({ hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content: { name: 'Ada' } } }) }] }],
    });
    expect(JSON.parse(result).action).not.toBe('accept');
  });
});
