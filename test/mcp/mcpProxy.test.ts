// Remote MCP servers are reached through HTTP_PROXY like the model API: server-everything
// over Streamable HTTP behind a .test host name that only the proxy can reach.
import { afterEach, describe, expect, it } from 'vitest';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { startProxy, type TestProxy } from '../support/httpProxy.js';
import { callThroughPipeline, contextFor, startEverythingOverHttp, startManager, type HttpServer } from './mcpTestSupport.js';

const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'NO_PROXY', 'no_proxy', 'ALL_PROXY', 'all_proxy'];
const savedEnv = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));

let proxy: TestProxy | undefined;
let server: HttpServer | undefined;
let manager: McpManager | undefined;

afterEach(async () => {
  await manager?.close();
  await server?.stop();
  await proxy?.close();
  manager = server = proxy = undefined;
  for (const name of PROXY_VARIABLES) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

describe('MCP over HTTP through a proxy', () => {
  it('connects, lists and calls tools through HTTP_PROXY', async () => {
    proxy = await startProxy();
    server = await startEverythingOverHttp('streamableHttp');
    for (const name of PROXY_VARIABLES) delete process.env[name];
    process.env.HTTP_PROXY = proxy.url;
    const url = new URL(server.url);
    url.hostname = 'mcp.example.test';
    manager = await startManager({ remote: { type: 'http', url: url.href } });
    await manager.whenStarted();
    expect(manager.connection('remote')!.status).toBe('connected');
    const outcome = await callThroughPipeline(contextFor(manager.tools(), manager.clients()), 'mcp__remote__echo', { message: 'via proxy' });
    expect(outcome.result.content).toEqual([{ type: 'text', text: 'Echo: via proxy' }]);
    expect(proxy.seen.some((line) => line.startsWith(`POST http://mcp.example.test:${url.port}/mcp`))).toBe(true);
  });
});
