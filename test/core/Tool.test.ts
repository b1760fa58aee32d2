import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTool, findToolByName, toolMatchesName, TOOL_DEFAULTS } from '../../src/contract/tool.js';
import { inputJsonSchemaOf, toApiTools } from '../../src/services/api/toolSchemas.js';
import { echoTool, sleepTool, createCallLog } from '../support/syntheticTools.js';
import { preparedCall } from '../support/preparedCalls.js';

function minimalTool(onSchemaBuilt: () => void = () => {}) {
  return buildTool({
    name: 'Minimal',
    inputSchema: () => {
      onSchemaBuilt();
      return z.strictObject({ value: z.string().describe('Any text') });
    },
    description: () => 'minimal',
    prompt: () => 'A minimal tool.',
    async call(input) {
      return { data: input.value };
    },
  });
}

describe('buildTool', () => {
  it('fills every defaultable member with fail-closed defaults', async () => {
    const tool = minimalTool();
    expect(tool.isEnabled()).toBe(true);
    expect(tool.isReadOnly(await preparedCall(tool, { value: 'x' }))).toBe(false);
    expect(tool.isConcurrencySafe(await preparedCall(tool, { value: 'x' }))).toBe(false);
    expect(tool.isDestructive({ value: 'x' })).toBe(false);
    expect(tool.maxResultSizeChars).toBe(100_000);
    expect(tool.cancelSiblingsOnError).toBe(false);
    expect(tool.interruptBehavior()).toBe('block');
    expect(tool.userFacingName()).toBe('Minimal');
    expect(await tool.validateInput({ value: 'x' }, undefined as never)).toEqual({ result: true });
    expect(await tool.checkPermissions(await preparedCall(tool, { value: 'x' }), undefined as never)).toEqual({ behavior: 'passthrough' });
  });

  it('lets a tool override a default', async () => {
    const log = createCallLog();
    const tool = sleepTool(log);
    expect(tool.isReadOnly(await preparedCall(tool, { ms: 1 }))).toBe(true);
    expect(tool.isConcurrencySafe(await preparedCall(tool, { ms: 1 }))).toBe(true);
    expect(TOOL_DEFAULTS.isReadOnly()).toBe(false);
  });

  it('builds the input schema lazily, once', () => {
    let built = 0;
    const tool = minimalTool(() => built++);
    expect(built).toBe(0);
    tool.inputSchema.parse({ value: 'a' });
    tool.inputSchema.parse({ value: 'b' });
    expect(built).toBe(1);
  });

  it('maps string and structured data to tool_result content by default', () => {
    const tool = minimalTool();
    expect(tool.mapToolResultToToolResultBlockParam('hello', 'toolu_1')).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: 'hello',
    });
    const structured = TOOL_DEFAULTS.mapToolResultToToolResultBlockParam({ a: 1 }, 'toolu_2');
    expect(structured.content).toContain('"a": 1');
  });

  it('freezes built tools: they are static singletons', () => {
    const tool = minimalTool();
    expect(Object.isFrozen(tool)).toBe(true);
  });
});

describe('findToolByName', () => {
  it('finds by name and by alias, and nothing else', () => {
    const tools = [echoTool(), minimalTool()];
    expect(findToolByName(tools, 'Echo')?.name).toBe('Echo');
    expect(findToolByName(tools, 'Say')?.name).toBe('Echo');
    expect(findToolByName(tools, 'echo')).toBeUndefined();
    expect(toolMatchesName(tools[0]!, 'Say')).toBe(true);
  });
});

describe('API tool definitions', () => {
  it('converts zod to a JSON Schema object without the $schema dialect', () => {
    const schema = inputJsonSchemaOf(minimalTool());
    expect(schema.type).toBe('object');
    expect(schema).not.toHaveProperty('$schema');
    expect(schema.properties).toHaveProperty('value');
    expect(schema.required).toEqual(['value']);
  });

  it('returns byte-identical definitions for the same pool, computed once', async () => {
    let prompts = 0;
    const tool = buildTool({
      name: 'Counted',
      inputSchema: () => z.strictObject({}),
      description: () => 'c',
      prompt: () => {
        prompts++;
        return 'counted';
      },
      async call() {
        return { data: '' };
      },
    });
    const pool = [tool, echoTool()];
    const first = JSON.stringify(await toApiTools(pool, { tools: pool, permissionMode: 'default' }));
    const second = JSON.stringify(await toApiTools(pool, { tools: pool, permissionMode: 'default' }));
    expect(second).toBe(first);
    expect(prompts).toBe(1);
  });
});

describe('formatCount', () => {
  it('groups thousands without Intl', async () => {
    const { formatCount } = await import('../../src/utils/format.js');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-30000)).toBe('-30,000');
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});
