import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../../src/contract/tool.js';
import { toApiTool } from '../../../src/services/api/toolSchemas.js';
import { getAllBaseTools } from '../../../src/tools.js';
import { AskUserQuestionTool } from '../../../src/tools/AskUserQuestionTool/AskUserQuestionTool.js';
import { ExitPlanModeTool } from '../../../src/tools/ExitPlanModeTool/ExitPlanModeTool.js';
import { TodoWriteTool } from '../../../src/tools/TodoWriteTool/TodoWriteTool.js';
import { WebFetchTool } from '../../../src/tools/WebFetchTool/WebFetchTool.js';
import { WebSearchTool } from '../../../src/tools/WebSearchTool/WebSearchTool.js';
import { contentText, createToolTestSession, type ToolTestSession } from './toolHarness.js';

const MISC_TOOLS: Tool[] = [AskUserQuestionTool, ExitPlanModeTool, TodoWriteTool, WebFetchTool, WebSearchTool];

describe('misc tool definitions', () => {
  it('are registered as built-ins', () => {
    const names = getAllBaseTools().map((tool) => tool.name);
    for (const tool of MISC_TOOLS) expect(names).toContain(tool.name);
  });

  it.each(MISC_TOOLS.map((tool) => [tool.name, tool] as const))('%s has a strict object schema and a model-facing prompt', async (_name, tool) => {
    const definition = await toApiTool(tool, { tools: MISC_TOOLS, permissionMode: 'default' });
    expect(definition.name).toBe(tool.name);
    expect(definition.description?.length).toBeGreaterThan(200);
    expect(definition.input_schema).toMatchObject({ type: 'object', additionalProperties: false });
    // Same bytes on every turn: the prompt cache depends on it.
    expect(JSON.stringify(await toApiTool(tool, { tools: MISC_TOOLS, permissionMode: 'plan' }))).toBe(JSON.stringify(definition));
  });

  it('AskUserQuestion lets the model leave out multiSelect and option descriptions', async () => {
    const definition = await toApiTool(AskUserQuestionTool, { tools: MISC_TOOLS, permissionMode: 'default' });
    const question = JSON.stringify(definition.input_schema);
    expect(question).toContain('"required":["question","header","options"]');
    expect(question).toContain('"required":["label"]');
  });
});

describe('misc tools on malformed input', () => {
  let harness: ToolTestSession;
  beforeAll(async () => {
    harness = await createToolTestSession({ tools: MISC_TOOLS, mode: 'plan' });
  });
  afterAll(async () => {
    await harness.cleanup();
  });

  const junk: unknown[] = [
    null,
    [],
    'text',
    42,
    {},
    { url: 5, prompt: [] },
    { todos: 'all of them' },
    { todos: [{ content: '', status: 'pending', activeForm: '' }] },
    { questions: [{ question: 'Q?', header: 'H', options: [{}, {}] }] },
    { plan: { nested: true } },
    { query: '' },
    { query: 'ok', allowed_domains: 'a.com' },
    { extra: 'field', query: 'ok' },
    JSON.parse('{"__proto__": {"polluted": true}, "query": "x"}'),
  ];

  it.each(MISC_TOOLS.map((tool) => [tool.name, tool] as const))('%s answers every junk input with an error result, never a throw', async (_name, tool) => {
    for (const input of junk) {
      const outcome = await harness.call(tool, input);
      expect(outcome.result.is_error).toBe(true);
      expect(contentText(outcome).length).toBeGreaterThan(10);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
