// One server tool → one agentcli Tool: naming, hints, JSON Schema checks with
// ajv (at the pipeline's schema step), and result mapping.
import { describe, expect, it } from 'vitest';
import type { ToolInputJSONSchema } from '../../src/contract/tool.js';
import { loadJsonSchemaCompiler } from '../../src/services/mcp/jsonSchemaValidator.js';
import { toMcpToolOutput } from '../../src/services/mcp/mcpResultContent.js';
import { buildMcpToolName } from '../../src/services/mcp/mcpToolName.js';
import { wrapMcpTool } from '../../src/tools/MCPTool/wrapMcpTool.js';
import type { McpListedTool, McpToolCaller } from '../../src/services/mcp/mcpToolKit.js';
import { inputJsonSchemaOf, toApiTool } from '../../src/services/api/toolSchemas.js';
import { MCPTool } from '../../src/tools/MCPTool/MCPTool.js';
import { callThroughPipeline, contextFor, textOf } from './mcpTestSupport.js';
import { preparedCall } from '../support/preparedCalls.js';

const calls: { tool: string; input: unknown }[] = [];
const caller: McpToolCaller = {
  serverName: 'My Server.v2',
  async callTool(tool, input) {
    calls.push({ tool, input });
    return { content: [{ type: 'text', text: `ran ${tool}` }] };
  },
};

const schema: ToolInputJSONSchema = {
  type: 'object',
  properties: {
    colour: { type: 'string', enum: ['red', 'green'] },
    count: { type: 'integer', minimum: 1 },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['colour', 'count'],
  additionalProperties: false,
  $schema: 'http://json-schema.org/draft-07/schema#',
};

async function wrap(listed: Partial<McpListedTool> = {}) {
  const compileSchema = await loadJsonSchemaCompiler();
  return wrapMcpTool({ name: 'paint.wall', description: 'Paints a wall.', inputSchema: schema, ...listed }, caller, {
    compileSchema,
    maxResultSizeChars: 4_000,
  });
}

describe('naming', () => {
  it.each([
    ['github', 'create_issue', 'mcp__github__create_issue'],
    ['My Server.v2', 'paint.wall', 'mcp__My_Server_v2__paint_wall'],
    ['a-b', 'x y/z', 'mcp__a-b__x_y_z'],
    ['ümlaut', 'tool', 'mcp___mlaut__tool'],
  ])('%s / %s → %s', (server, tool, expected) => {
    expect(buildMcpToolName(server, tool)).toBe(expected);
  });

  it('cuts names to the 64 characters the API accepts', () => {
    expect(buildMcpToolName('server', 'x'.repeat(100))).toHaveLength(64);
  });
});

describe('wrapMcpTool', () => {
  it('spreads the MCPTool stub and overrides what the server decides', async () => {
    const tool = await wrap({ annotations: { readOnlyHint: true, destructiveHint: false }, title: 'Paint a wall' });
    expect(tool.name).toBe('mcp__My_Server_v2__paint_wall');
    expect(tool.isMcp).toBe(true);
    expect(tool.mcpInfo).toEqual({ serverName: 'My Server.v2', toolName: 'paint.wall' });
    expect(tool.isReadOnly(await preparedCall(tool, {}))).toBe(true);
    expect(tool.isConcurrencySafe(await preparedCall(tool, {}))).toBe(true);
    expect(tool.isDestructive({})).toBe(false);
    expect(tool.maxResultSizeChars).toBe(4_000);
    expect(tool.userFacingName()).toBe('My Server.v2 - Paint a wall (MCP)');
    // Shared from the stub, not redefined per tool.
    expect(tool.mapToolResultToToolResultBlockParam).toBe(MCPTool.mapToolResultToToolResultBlockParam);
    expect(tool.ui).toBe(MCPTool.ui);
    expect(Object.isFrozen(tool)).toBe(true);
  });

  it('fails closed without hints: not read-only, not concurrency-safe', async () => {
    const tool = await wrap();
    expect(tool.isReadOnly(await preparedCall(tool, {}))).toBe(false);
    expect(tool.isConcurrencySafe(await preparedCall(tool, {}))).toBe(false);
    expect(tool.alwaysLoad).toBe(false);
    expect(tool.searchHint).toBeUndefined();
  });

  it('destructiveHint → isDestructive; searchHint and alwaysLoad from _meta', async () => {
    const tool = await wrap({ annotations: { destructiveHint: true }, _meta: { 'anthropic/searchHint': 'decorate room', 'anthropic/alwaysLoad': true } });
    expect(tool.isDestructive({})).toBe(true);
    expect(tool.searchHint).toBe('decorate room');
    expect(tool.alwaysLoad).toBe(true);
  });

  it('sends the server\'s JSON Schema to the API untouched', async () => {
    const tool = await wrap();
    expect(inputJsonSchemaOf(tool)).toBe(schema);
    const definition = await toApiTool(tool, { tools: [tool], permissionMode: 'default' });
    expect(definition).toEqual({ name: 'mcp__My_Server_v2__paint_wall', description: 'Paints a wall.', input_schema: schema });
  });

  it('cuts a huge server description', async () => {
    const tool = await wrap({ description: 'x'.repeat(50_000) });
    const prompt = await tool.prompt({ tools: [], permissionMode: 'default' });
    expect(prompt.length).toBeLessThan(4_200);
    expect(prompt).toContain('description cut');
  });
});

describe('input is checked against the JSON Schema with ajv', () => {
  it('accepts valid input and passes it to the server unchanged', async () => {
    const tool = await wrap();
    calls.length = 0;
    const outcome = await callThroughPipeline(contextFor([tool], []), tool.name, { colour: 'red', count: 2, tags: ['a'] });
    expect(outcome.status).toBe('success');
    expect(calls).toEqual([{ tool: 'paint.wall', input: { colour: 'red', count: 2, tags: ['a'] } }]);
  });

  it.each([
    [{ count: 2 }, 'colour: this required field is missing'],
    [{ colour: 'blue', count: 2 }, 'colour: must be one of "red", "green"; got "blue"'],
    [{ colour: 'red', count: 0 }, 'count: must be >= 1; got 0'],
    [{ colour: 'red', count: 1.5 }, 'count: must be integer; got 1.5'],
    [{ colour: 'red', count: 1, extra: true }, 'extra: this field is not accepted by the tool; got true'],
    [{ colour: 'red', count: 1, tags: [1] }, 'tags.0: must be string; got 1'],
  ])('refuses %j before anything reaches the server', async (input, message) => {
    const tool = await wrap();
    calls.length = 0;
    const outcome = await callThroughPipeline(contextFor([tool], []), tool.name, input);
    expect(outcome.status).toBe('error');
    expect(outcome.result.is_error).toBe(true);
    expect(textOf(outcome)).toContain(`Invalid input for ${tool.name}`);
    expect(textOf(outcome)).toContain(message);
    expect(calls).toEqual([]);
  });

  it('understands draft 2020-12 schemas', async () => {
    const tool = await wrap({
      inputSchema: {
        type: 'object',
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false } },
        required: ['pair'],
      },
    });
    const context = contextFor([tool], []);
    expect((await callThroughPipeline(context, tool.name, { pair: ['a', 1] })).status).toBe('success');
    expect(textOf(await callThroughPipeline(context, tool.name, { pair: [1, 'a'] }))).toContain('pair.0: must be string');
  });

  it('a schema ajv cannot compile leaves validation to the server instead of blocking the tool', async () => {
    const tool = await wrap({ inputSchema: { type: 'object', properties: { a: { $ref: '#/definitions/nowhere' } } } });
    expect((await callThroughPipeline(contextFor([tool], []), tool.name, { a: 1 })).status).toBe('success');
  });
});

describe('results', () => {
  it('maps text, images, embedded resources, links and audio to tool_result content', () => {
    const output = toMcpToolOutput(
      {
        content: [
          { type: 'text', text: 'hello' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'image', data: 'AAAA', mimeType: 'image/tiff' },
          { type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' } },
          { type: 'resource', resource: { uri: 'file:///pic.jpg', mimeType: 'image/jpeg', blob: '/9j/4AAQ' } },
          { type: 'resource', resource: { uri: 'file:///data.bin', mimeType: 'application/octet-stream', blob: 'AAAAAAAA' } },
          { type: 'resource_link', uri: 'demo://doc/1', name: 'doc one' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        ],
      },
      'srv',
    );
    expect(output.isError).toBe(false);
    expect(output.content).toEqual([
      { type: 'text', text: 'hello' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
      { type: 'text', text: expect.stringContaining('image of type image/tiff not shown') },
      { type: 'text', text: '[Resource file:///notes.md (text/markdown)]\n# Notes' },
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
      { type: 'text', text: '[binary resource file:///data.bin (application/octet-stream, 6 bytes) not shown]' },
      { type: 'text', text: expect.stringContaining('Resource link: doc one — demo://doc/1') },
      { type: 'text', text: expect.stringContaining('audio (audio/wav') },
    ]);
  });

  it('isError becomes is_error; structuredContent is kept for the UI', async () => {
    const output = toMcpToolOutput({ content: [{ type: 'text', text: 'boom' }], isError: true, structuredContent: { a: 1 } }, 'srv');
    expect(output).toEqual({ content: [{ type: 'text', text: 'boom' }], isError: true, structuredContent: { a: 1 } });
    const tool = await wrap();
    expect(tool.mapToolResultToToolResultBlockParam(output, 'toolu_1')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [{ type: 'text', text: 'boom' }],
      is_error: true,
    });
  });

  it('a result with only structuredContent gives the model its JSON', () => {
    expect(toMcpToolOutput({ content: [], structuredContent: { temperature: 21 } }, 'srv').content).toEqual([
      { type: 'text', text: '{\n  "temperature": 21\n}' },
    ]);
  });

  it('an empty result still says something', () => {
    expect(toMcpToolOutput({ content: [] }, 'srv').content).toEqual([{ type: 'text', text: '(the tool returned no content)' }]);
  });
});
