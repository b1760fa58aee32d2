// Live servers: a prompt added while connected becomes a slash command (prompts/list_changed);
// structured content is checked against the tool's outputSchema (a mismatch is an error the model
// sees, not data); a remote server that refuses the first attempts is retried with backoff.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mcpPromptCommands } from '../../src/commands/mcpPromptCommands.js';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { callThroughPipeline, contextFor, FIXTURES, nodeServer, startEverythingOverHttp, startManager, textOf, waitFor, type HttpServer } from './mcpTestSupport.js';

const managers: McpManager[] = [];
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function manager(servers: Record<string, Record<string, unknown>>, env: Record<string, string> = {}): Promise<McpManager> {
  const started = await startManager(servers, env);
  managers.push(started);
  await started.whenStarted();
  return started;
}

describe('live MCP servers', () => {
  it('prompts/list_changed: a prompt the server adds mid-session is a slash command at once', async () => {
    const live = await manager({ live: nodeServer(path.join(FIXTURES, 'elicitServer.mjs')) });
    expect(mcpPromptCommands(live).map((command) => command.name)).toEqual(['mcp__live__hello']);
    let notified = 0;
    live.subscribe(() => notified++);
    await callThroughPipeline(contextFor(live.tools(), live.clients()), 'mcp__live__add_prompt', { name: 'standup' });
    await waitFor(() => mcpPromptCommands(live).length === 2, 10_000, 'the new prompt');
    expect(notified).toBeGreaterThan(0);
    const command = mcpPromptCommands(live).find((candidate) => candidate.name !== 'mcp__live__hello');
    expect(command!.name).toBe('mcp__live__standup');
    expect(await command!.expand('the release')).toEqual({ type: 'prompt', prompt: 'standup about the release' });
  });

  it('structured content is checked against the outputSchema: a match is passed on, a mismatch is an error', async () => {
    const structured = await manager({ structured: nodeServer(path.join(FIXTURES, 'structuredServer.mjs')) });
    const context = contextFor(structured.tools(), structured.clients());
    const good = await callThroughPipeline(context, 'mcp__structured__weather', {});
    expect(good.result.is_error).toBeFalsy();
    expect(textOf(good)).toBe('{"celsius":21}');
    expect((good.data as { structuredContent?: unknown }).structuredContent).toEqual({ celsius: 21 });
    const bad = await callThroughPipeline(context, 'mcp__structured__weather', { broken: true });
    expect(bad.result.is_error).toBe(true);
    expect(textOf(bad)).toContain('does not match the tool');
  });

  it('a remote server that fails its first attempts is retried with backoff and connects', async () => {
    const everything: HttpServer = await startEverythingOverHttp('streamableHttp');
    servers.push({ close: () => everything.stop() });
    const target = new URL(everything.url);
    let refused = 0;
    // Refuses the first three requests (the first attempt and its SSE fallback, then the second attempt), then forwards.
    const flaky = http.createServer((request, response) => {
      if (refused < 3) {
        refused++;
        response.writeHead(503).end('warming up');
        return;
      }
      const forward = http.request({ host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers }, (upstream) => {
        response.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(response);
      });
      request.pipe(forward);
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    servers.push({ close: () => new Promise<void>((resolve) => { flaky.closeAllConnections(); flaky.close(() => resolve()); }) });
    const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}${target.pathname}`;
    const remote = await manager({ flaky: { type: 'http', url } }, { AGENTCLI_RETRY_BASE_DELAY_MS: '20' });
    expect(refused).toBe(3);
    expect(remote.describe()[0]).toMatchObject({ status: 'connected' });
    expect(remote.tools().length).toBeGreaterThan(5);
  });
});
