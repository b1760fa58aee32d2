// Two ACP sessions in one `agentcli --acp` process each own their background tasks: a task one
// started is unknown to the other's TaskOutput and TaskStop, and its end is told only to its own.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer, type RecordedRequest } from '../support/fakeAnthropic.js';
import { conversations, requestsOf } from '../support/agentConversations.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../support/scenario.js';
import { tempDir } from '../support/runCli.js';
import { agentText, startAcpClient, type AcpTestClient } from './acpHarness.js';

let server: FakeAnthropicServer | undefined;
let client: AcpTestClient | undefined;
let cwd: string;
let configDir: string;

beforeEach(async () => {
  cwd = await tempDir('agentcli-acp-tasks-cwd-');
  configDir = await tempDir('agentcli-acp-tasks-config-');
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  await server?.close();
  server = undefined;
});

/** The text blocks of a request's last user message (where reminders ride). */
function lastMessageText(request: RecordedRequest): string {
  const content = request.body.messages.at(-1).content;
  return typeof content === 'string' ? content : content.map((block: { text?: string; content?: unknown }) => block.text ?? JSON.stringify(block.content ?? '')).join('\n');
}

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('agentcli --acp: background tasks per session', () => {
  it("a task started in one session is invisible to the other's TaskOutput and TaskStop, and only its own session hears it ended", async () => {
    const marker = path.join(cwd, 'job-done');
    let taskId = '';
    server = await startFakeAnthropic({
      script: conversations({
        'start job': [
          turn(toolUse('Bash', { command: `sleep 0.5; echo finished > ${marker}; echo done-a`, run_in_background: true })),
          (request) => {
            taskId = /task (bash_[0-9a-f]+)/.exec(toolResultText(lastToolResults(request)[0]!))?.[1] ?? '';
            return endTurn('started');
          },
          endTurn('noted'),
        ],
        peek: [
          () => turn(toolUse('TaskOutput', { task_id: taskId }), toolUse('TaskStop', { task_id: taskId })),
          endTurn('peeked'),
          endTurn('nothing new'),
        ],
      }),
    });
    client = await startAcpClient({
      cwd,
      env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' },
      args: ['--permission-mode', 'bypassPermissions'],
    });
    const { sessionId: first } = await client.agent.request('session/new', { cwd, mcpServers: [] });
    const { sessionId: second } = await client.agent.request('session/new', { cwd, mcpServers: [] });

    await client.agent.request('session/prompt', { sessionId: first, prompt: [{ type: 'text', text: 'start job' }] });
    expect(taskId).toMatch(/^bash_/);
    await client.agent.request('session/prompt', { sessionId: second, prompt: [{ type: 'text', text: 'peek' }] });
    const peekResults = lastToolResults(requestsOf(server.requests, 'peek')[1]!);
    expect(peekResults).toHaveLength(2);
    for (const result of peekResults) {
      expect(result.is_error).toBe(true);
      expect(toolResultText(result)).toContain(`No background task with id "${taskId}"`);
      expect(toolResultText(result)).toContain('No background tasks have been started in this session');
    }

    // The other session's TaskStop did not stop it: it runs to its end.
    await waitFor(() => existsSync(marker));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await client.agent.request('session/prompt', { sessionId: second, prompt: [{ type: 'text', text: 'anything?' }] });
    await client.agent.request('session/prompt', { sessionId: first, prompt: [{ type: 'text', text: 'and now?' }] });

    const secondLast = requestsOf(server.requests, 'peek').at(-1)!;
    expect(lastMessageText(secondLast)).toContain('anything?');
    expect(lastMessageText(secondLast)).not.toContain('Background task');
    const firstLast = requestsOf(server.requests, 'start job').at(-1)!;
    expect(lastMessageText(firstLast)).toContain(`Background task ${taskId}`);
    expect(lastMessageText(firstLast)).toContain('completed with exit code 0');

    // /tasks, as text: each session lists its own.
    const before = server.requests.length;
    await client.agent.request('session/prompt', { sessionId: first, prompt: [{ type: 'text', text: '/tasks' }] });
    await client.agent.request('session/prompt', { sessionId: second, prompt: [{ type: 'text', text: '/tasks' }] });
    expect(server.requests).toHaveLength(before);
    expect(agentText(client.updatesOf(first))).toMatch(new RegExp(`Background tasks \\(0 running, 1 finished\\):\\n  ${taskId}\\s+completed \\(exit 0\\)`));
    expect(agentText(client.updatesOf(first))).toContain('done-a');
    expect(agentText(client.updatesOf(second))).toContain('No background tasks in this session.');
  });
});
