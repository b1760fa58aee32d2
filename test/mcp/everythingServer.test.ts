// The reference server from npm, @modelcontextprotocol/server-everything, over
// stdio, Streamable HTTP and SSE, through the real pipeline: tools listed and
// named, calls, progress, errors, images, structured content and resources.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import type { McpToolProgress } from '../../src/services/mcp/types.js';
import {
  callThroughPipeline,
  contextFor,
  EVERYTHING,
  nodeServer,
  startEverythingOverHttp,
  startManager,
  textOf,
  toolNamed,
  type HttpServer,
} from './mcpTestSupport.js';
import { preparedCall } from '../support/preparedCalls.js';

describe('server-everything over stdio', () => {
  let manager: McpManager;
  beforeAll(async () => {
    manager = await startManager({ everything: nodeServer(EVERYTHING, ['stdio']) });
    await manager.whenStarted();
  });
  afterAll(async () => manager.close());

  const context = () => contextFor(manager.tools(), manager.clients());

  it('lists its tools as mcp__everything__<tool>, with their hints', async () => {
    expect(manager.connection('everything')!.status).toBe('connected');
    const names = manager.tools().map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['mcp__everything__echo', 'mcp__everything__get-sum', 'mcp__everything__trigger-long-running-operation']));
    const echo = toolNamed(manager.tools(), 'mcp__everything__echo');
    expect(echo.isReadOnly(await preparedCall(echo, {}))).toBe(true);
    const gzip = toolNamed(manager.tools(), 'mcp__everything__gzip-file-as-resource');
    expect(gzip.isReadOnly(await preparedCall(gzip, {}))).toBe(false);
  });

  it('echo', async () => {
    const outcome = await callThroughPipeline(context(), 'mcp__everything__echo', { message: 'hi there' });
    expect(outcome.status).toBe('success');
    expect(outcome.result.content).toEqual([{ type: 'text', text: 'Echo: hi there' }]);
  });

  it('get-sum', async () => {
    const outcome = await callThroughPipeline(context(), 'mcp__everything__get-sum', { a: 2, b: 40 });
    expect(textOf(outcome)).toBe('The sum of 2 and 40 is 42.');
  });

  it('a wrong argument type is refused locally against the server\'s schema', async () => {
    const outcome = await callThroughPipeline(context(), 'mcp__everything__get-sum', { a: 'two', b: 40 });
    expect(outcome.result.is_error).toBe(true);
    expect(textOf(outcome)).toContain('a: must be number; got "two"');
  });

  it('a long-running tool streams its progress notifications as tool progress', async () => {
    const progress: McpToolProgress[] = [];
    const outcome = await callThroughPipeline(
      context(),
      'mcp__everything__trigger-long-running-operation',
      { duration: 0.4, steps: 4 },
      (update) => progress.push(update as McpToolProgress),
    );
    expect(outcome.status).toBe('success');
    expect(textOf(outcome)).toContain('Long running operation completed');
    expect(progress).toEqual([1, 2, 3, 4].map((step) => ({ type: 'mcp_progress', progress: step, total: 4 })));
  });

  it('an isError result becomes an is_error tool_result', async () => {
    const outcome = await callThroughPipeline(context(), 'mcp__everything__gzip-file-as-resource', { data: 'ftp://example.com/x' });
    expect(outcome.status).toBe('error');
    expect(outcome.result.is_error).toBe(true);
    expect(textOf(outcome)).toContain('Unsupported URL protocol');
  });

  it('an image result reaches the model as an image block', async () => {
    const outcome = await callThroughPipeline(context(), 'mcp__everything__get-tiny-image', {});
    const content = outcome.result.content as { type: string; source?: { media_type: string } }[];
    expect(content.some((block) => block.type === 'image' && block.source?.media_type === 'image/png')).toBe(true);
  });

  it('an embedded resource result becomes its content', async () => {
    const outcome = await callThroughPipeline(context(), 'mcp__everything__gzip-file-as-resource', {
      name: 'hello.txt.gz',
      data: 'data:text/plain;base64,aGVsbG8=',
      outputType: 'resource',
    });
    expect(outcome.status).toBe('success');
    expect(textOf(outcome)).toMatch(/binary resource .*hello\.txt\.gz \(application\/gzip, \d+ bytes\) not shown/);
  });

  it('structuredContent is kept in the data for the UI', async () => {
    const outcome = await callThroughPipeline(context(), 'mcp__everything__get-structured-content', { location: 'New York' });
    expect(outcome.status).toBe('success');
    expect((outcome.data as { structuredContent?: Record<string, unknown> }).structuredContent).toMatchObject({ conditions: expect.any(String) });
  });

  it('ListMcpResources and ReadMcpResource join the pool and read its resources', async () => {
    const names = manager.tools().map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['ListMcpResources', 'ReadMcpResource']));
    const listed = await callThroughPipeline(context(), 'ListMcpResources', {});
    expect(listed.status).toBe('success');
    const resources = (listed.data as { resources: { server: string; uri: string }[] }).resources;
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.every((resource) => resource.server === 'everything')).toBe(true);

    const uri = resources.find((resource) => resource.uri.endsWith('.md'))!.uri;
    const read = await callThroughPipeline(context(), 'ReadMcpResource', { server: 'everything', uri });
    expect(read.status).toBe('success');
    expect(textOf(read)).toContain(`[${uri} (text/markdown)]`);
  });

  it('ReadMcpResource names the servers when asked for an unknown one', async () => {
    const outcome = await callThroughPipeline(context(), 'ReadMcpResource', { server: 'nope', uri: 'x://y' });
    expect(outcome.result.is_error).toBe(true);
    expect(textOf(outcome)).toBe('There is no MCP server named "nope". Connected servers: "everything".');
  });
});

describe.each(['streamableHttp', 'sse'] as const)('server-everything over %s', (transport) => {
  let server: HttpServer;
  let manager: McpManager;
  beforeAll(async () => {
    server = await startEverythingOverHttp(transport);
    // type "http" tries Streamable HTTP first and falls back to SSE for an SSE-only server.
    manager = await startManager({ remote: { type: 'http', url: server.url } });
    await manager.whenStarted();
  });
  afterAll(async () => {
    await manager.close();
    await server.stop();
  });

  it('connects and calls tools', async () => {
    expect(manager.connection('remote')!.problem).toBeUndefined();
    expect(manager.connection('remote')!.status).toBe('connected');
    const outcome = await callThroughPipeline(contextFor(manager.tools(), manager.clients()), 'mcp__remote__get-sum', { a: 1, b: 2 });
    expect(textOf(outcome)).toBe('The sum of 1 and 2 is 3.');
  });

  it('streams progress', async () => {
    const progress: unknown[] = [];
    await callThroughPipeline(
      contextFor(manager.tools(), manager.clients()),
      'mcp__remote__trigger-long-running-operation',
      { duration: 0.2, steps: 2 },
      (update) => progress.push(update),
    );
    expect(progress).toHaveLength(2);
  });
});

describe('type "sse"', () => {
  it('talks SSE directly', async () => {
    const server = await startEverythingOverHttp('sse');
    const manager = await startManager({ legacy: { type: 'sse', url: server.url } });
    try {
      await manager.whenStarted();
      expect(manager.connection('legacy')!.status).toBe('connected');
      const outcome = await callThroughPipeline(contextFor(manager.tools(), manager.clients()), 'mcp__legacy__echo', { message: 'old' });
      expect(textOf(outcome)).toBe('Echo: old');
    } finally {
      await manager.close();
      await server.stop();
    }
  });
});
