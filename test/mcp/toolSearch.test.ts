// ToolSearch deferred loading against a synthetic MCP server with 200 tools:
// what the first request carries (deferral on vs off), select: and keyword
// queries, loaded tools appended in a stable position, and the hint for a
// deferred tool called before it was loaded. Plus the scoring table.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../src/contract/tool.js';
import { buildTool } from '../../src/contract/tool.js';
import type { McpManager } from '../../src/services/mcp/McpManager.js';
import { isDeferredTool } from '../../src/services/toolSearch/isDeferredTool.js';
import { nameParts, scoreTool, parseQuery, searchTools } from '../../src/services/toolSearch/keywordSearch.js';
import { contextWindowOf } from '../../src/services/api/models.js';
import { isDeferralActive, parseToolSearchMode } from '../../src/services/toolSearch/toolSearchMode.js';
import { ToolSearchTool } from '../../src/tools/ToolSearchTool/ToolSearchTool.js';
import { endTurn, lastToolResults, toolUse, turn } from '../support/scenario.js';
import { z } from 'zod';
import {
  MANY_TOOLS_SERVER,
  nodeServer,
  requestToolBytes,
  requestTools,
  runMcpScenario,
  startManager,
  type McpScenario,
} from './mcpTestSupport.js';

let manyTools: McpManager;
beforeAll(async () => {
  manyTools = await startManager({ many: nodeServer(MANY_TOOLS_SERVER) });
  await manyTools.whenStarted();
});
afterAll(async () => manyTools.close());

let scenario: McpScenario | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
});

const resultTextOf = (content: unknown): string =>
  typeof content === 'string' ? content : (content as { text?: string }[]).map((block) => block.text ?? '').join('\n');

// The 200 tools (~60k tokens) pass the fixed 10k-token budget whatever the model's window.
const DEFAULTS = {};

describe('the synthetic 200-tool server', () => {
  it('is listed completely across its four tools/list pages', () => {
    const names = manyTools.tools().map((tool) => tool.name);
    expect(names).toHaveLength(200);
    expect(new Set(names).size).toBe(200);
    expect(names).toContain('mcp__many__crm_create_record_0');
    expect(names).toContain('mcp__many__chat_archive_file_199');
  });
});

describe('first request', () => {
  it('with deferral on carries only ToolSearch, whose description lists the deferred tools; ≥ 10× fewer bytes than off', async () => {
    scenario = await runMcpScenario({ script: [endTurn('ok')], mcp: manyTools, env: DEFAULTS });
    const deferred = scenario.server.requests[0]!;
    const sent = requestTools(deferred);
    expect(sent.map((tool) => tool.name)).toEqual(['ToolSearch']);
    expect(sent[0]!.description).toContain('mcp__many__crm_create_record_0');
    expect(sent[0]!.description).toContain('mcp__many__chat_archive_file_199');
    const deferredBytes = requestToolBytes(deferred);
    await scenario.cleanup();

    scenario = await runMcpScenario({ script: [endTurn('ok')], mcp: manyTools, env: { AGENTCLI_TOOL_SEARCH: 'off' } });
    const full = scenario.server.requests[0]!;
    expect(requestTools(full)).toHaveLength(200);
    expect(requestTools(full).map((tool) => tool.name)).not.toContain('ToolSearch');
    const fullBytes = requestToolBytes(full);
    expect(fullBytes / deferredBytes).toBeGreaterThanOrEqual(10);
  });

  it('auto stays off while the deferred definitions fit in the 10k-token budget', async () => {
    const few = await startManager({ many: nodeServer(MANY_TOOLS_SERVER, [], { MANY_TOOLS_COUNT: '20' }) });
    try {
      await few.whenStarted();
      scenario = await runMcpScenario({ script: [endTurn('ok')], mcp: few });
      expect(requestTools(scenario.server.requests[0]!).map((tool) => tool.name)).toHaveLength(20);
      await scenario.cleanup();
      scenario = await runMcpScenario({ script: [endTurn('ok')], mcp: few, env: { AGENTCLI_TOOL_SEARCH: 'on' } });
      expect(requestTools(scenario.server.requests[0]!).map((tool) => tool.name)).toEqual(['ToolSearch']);
    } finally {
      await few.close();
    }
  });
});

describe('loading tools', () => {
  it('select: loads exact tools; they are appended in load order and earlier definitions never change', async () => {
    const first = 'mcp__many__calendar_create_report_2';
    const second = 'mcp__many__wiki_archive_page_36';
    scenario = await runMcpScenario({
      mcp: manyTools,
      env: DEFAULTS,
      script: [
        turn(toolUse('ToolSearch', { query: `select:${first}` })),
        turn(toolUse(first, { workspace_id: 'w1' })),
        turn(toolUse('ToolSearch', { query: `select:${second},mcp__many__no_such_tool` })),
        turn(toolUse(second, { workspace_id: 'w2' }), toolUse(first, { workspace_id: 'w3' })),
        endTurn('done'),
      ],
    });
    scenario.server.assertNoViolations();
    const requests = scenario.server.requests;
    const names = requests.map((request) => requestTools(request).map((tool) => tool.name));
    expect(names).toEqual([
      ['ToolSearch'],
      ['ToolSearch', first],
      ['ToolSearch', first],
      ['ToolSearch', first, second],
      ['ToolSearch', first, second],
    ]);
    // The prefix of every request is byte-identical to the previous request's tools (cache_control aside).
    const withoutCacheMarks = (index: number) => requestTools(requests[index]!).map(({ name, description, input_schema }) => JSON.stringify({ name, description, input_schema }));
    for (let index = 1; index < requests.length; index++) {
      const previous = withoutCacheMarks(index - 1);
      expect(withoutCacheMarks(index).slice(0, previous.length)).toEqual(previous);
    }

    const loaded = resultTextOf(lastToolResults(requests[1]!)[0]!.content);
    expect(loaded).toContain(`Loaded 1 tool.`);
    expect(loaded).toContain(`- ${first}: Create a report in the calendar system.`);
    // The server is called by its own tool name.
    const serverName = (name: string) => name.replace('mcp__many__', '');
    expect(resultTextOf(lastToolResults(requests[2]!)[0]!.content)).toBe(`${serverName(first)} ok {"workspace_id":"w1"}`);
    const secondSearch = resultTextOf(lastToolResults(requests[3]!)[0]!.content);
    expect(secondSearch).toContain(`- ${second}`);
    expect(secondSearch).toContain('No tool named "mcp__many__no_such_tool"');
    expect(lastToolResults(requests[4]!).map((block) => resultTextOf(block.content))).toEqual([
      `${serverName(second)} ok {"workspace_id":"w2"}`,
      `${serverName(first)} ok {"workspace_id":"w3"}`,
    ]);
    expect(scenario.session.appState.get().loadedDeferredTools).toEqual([first, second]);
  });

  it('keyword queries load the best matches, best first', async () => {
    scenario = await runMcpScenario({
      mcp: manyTools,
      env: DEFAULTS,
      script: [turn(toolUse('ToolSearch', { query: 'tickets invoice', max_results: 3 })), turn(toolUse('ToolSearch', { query: 'revenue forecast' })), endTurn('ok')],
    });
    const invoices = resultTextOf(lastToolResults(scenario.server.requests[1]!)[0]!.content);
    expect(invoices).toContain('Loaded 3 tools.');
    const loadedNames = [...invoices.matchAll(/^- (mcp__\S+):/gm)].map((match) => match[1]!);
    // Every tickets/invoice tool scores the same; ties go by name.
    expect(loadedNames).toEqual(['mcp__many__tickets_archive_invoice_115', 'mcp__many__tickets_archive_invoice_155', 'mcp__many__tickets_archive_invoice_195']);
    // Tool 7 carries the searchHint "quarterly revenue forecast spreadsheet".
    const forecast = resultTextOf(lastToolResults(scenario.server.requests[2]!)[0]!.content);
    expect(forecast).toMatch(/^Loaded 1 tool\. .*\n- mcp__many__chat_create_file_7:/);
    expect(requestTools(scenario.server.requests[2]!).map((tool) => tool.name)).toEqual(['ToolSearch', ...loadedNames, 'mcp__many__chat_create_file_7']);
  });

  it('a query nothing matches says so and loads nothing', async () => {
    scenario = await runMcpScenario({ mcp: manyTools, env: DEFAULTS, script: [turn(toolUse('ToolSearch', { query: 'kubernetes' })), endTurn('ok')] });
    const text = resultTextOf(lastToolResults(scenario.server.requests[1]!)[0]!.content);
    expect(text).toBe('No deferred tool matched "kubernetes". 200 tools can be loaded; try other keywords, or "select:" with names from ToolSearch\'s description.');
    expect(requestTools(scenario.server.requests[1]!).map((tool) => tool.name)).toEqual(['ToolSearch']);
  });

  it('calling a deferred tool that was never loaded fails at the schema step with the hint to load it', async () => {
    const name = 'mcp__many__crm_list_record_16';
    scenario = await runMcpScenario({ mcp: manyTools, env: DEFAULTS, script: [turn(toolUse(name, { id: 'guessed' })), endTurn('ok')] });
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result!.is_error).toBe(true);
    const text = resultTextOf(result!.content);
    expect(text).toContain(`Invalid input for ${name}`);
    expect(text).toContain('workspace_id: this required field is missing');
    expect(text).toContain(`Call ToolSearch with query "select:${name}" first`);
  });

  it('no hint once the tool is loaded, or when deferral is off', async () => {
    const name = 'mcp__many__crm_list_record_16';
    scenario = await runMcpScenario({
      mcp: manyTools,
      env: DEFAULTS,
      script: [turn(toolUse('ToolSearch', { query: `select:${name}` })), turn(toolUse(name, { id: 'x' })), endTurn('ok')],
    });
    expect(resultTextOf(lastToolResults(scenario.server.requests[2]!)[0]!.content)).not.toContain('ToolSearch');
    await scenario.cleanup();
    scenario = await runMcpScenario({ mcp: manyTools, env: { AGENTCLI_TOOL_SEARCH: 'off' }, script: [turn(toolUse(name, { id: 'x' })), endTurn('ok')] });
    expect(resultTextOf(lastToolResults(scenario.server.requests[1]!)[0]!.content)).not.toContain('ToolSearch');
  });
});

describe('isDeferredTool', () => {
  const plain = (fields: Partial<Tool> = {}): Tool =>
    ({ ...buildTool({ name: 'Plain', inputSchema: () => z.strictObject({}), description: () => '', prompt: () => '', call: async () => ({ data: '' }) }), ...fields }) as Tool;
  it.each([
    ['an MCP tool', { isMcp: true }, true],
    ['an MCP tool marked alwaysLoad', { isMcp: true, alwaysLoad: true }, false],
    ['a built-in', {}, false],
    ['a built-in marked shouldDefer', { shouldDefer: true }, true],
    ['ToolSearch itself, even if marked', { name: 'ToolSearch', shouldDefer: true }, false],
  ])('%s → %s', (_what, fields, expected) => {
    expect(isDeferredTool(plain(fields))).toBe(expected);
  });
});

describe('AGENTCLI_TOOL_SEARCH', () => {
  it.each([
    [undefined, { kind: 'auto', budgetTokens: 10_000 }],
    ['auto', { kind: 'auto', budgetTokens: 10_000 }],
    ['auto:50000', { kind: 'auto', budgetTokens: 50_000 }],
    ['on', { kind: 'on' }],
    ['true', { kind: 'on' }],
    ['off', { kind: 'off' }],
    ['0', { kind: 'off' }],
    ['banana', { kind: 'auto', budgetTokens: 10_000 }],
  ])('%s → %j', (raw, mode) => {
    expect(parseToolSearchMode(raw)).toEqual(mode);
  });

  it('measures against the model table\'s window: 200k for an unknown model, 1M for Sonnet 5', () => {
    expect(contextWindowOf('some-unknown-model', {})).toBe(200_000);
    expect(contextWindowOf('claude-sonnet-5', {})).toBe(1_000_000);
    expect(contextWindowOf('sonnet[1m]', {})).toBe(1_000_000);
  });

  it('auto switches on above the token budget, whatever the window: the 200 tools cost ~60k tokens', () => {
    const pool = [ToolSearchTool, ...manyTools.tools()];
    expect(isDeferralActive(pool, { kind: 'auto', budgetTokens: 10_000 })).toBe(true);
    expect(isDeferralActive(pool, { kind: 'auto', budgetTokens: 100_000 })).toBe(false);
    // Never without ToolSearch in the pool: withheld tools could not be loaded.
    expect(isDeferralActive(manyTools.tools(), { kind: 'on' })).toBe(false);
  });

  it('on the default model (a 1M window) the 200 tools are deferred all the same', async () => {
    scenario = await runMcpScenario({ script: [endTurn('ok')], mcp: manyTools });
    expect(contextWindowOf(scenario.server.requests[0]!.body.model as string, {})).toBe(1_000_000);
    expect(requestTools(scenario.server.requests[0]!).map((tool) => tool.name)).toEqual(['ToolSearch']);
  });
});

describe('keyword scoring', () => {
  const tool = (name: string, fields: Partial<Tool> = {}): Tool =>
    ({ ...buildTool({ name, inputSchema: () => z.strictObject({}), description: () => '', prompt: () => '', call: async () => ({ data: '' }) }), ...fields }) as Tool;
  const score = (candidate: Tool, query: string, description = '') => scoreTool({ tool: candidate, description }, parseQuery(query));

  it('splits names into parts', () => {
    expect(nameParts('mcp__github__create_issue')).toEqual(['mcp', 'github', 'create', 'issue']);
    expect(nameParts('NotebookEdit')).toEqual(['notebook', 'edit']);
  });

  it.each([
    ['name part exact, built-in', tool('NotebookEdit'), 'notebook', 10],
    ['name part exact, MCP', tool('mcp__slack__send_message', { isMcp: true }), 'slack', 12],
    ['name part contains, built-in', tool('NotebookEdit'), 'note', 5],
    ['name part contains, MCP', tool('mcp__slack__send_message', { isMcp: true }), 'mess', 6],
    ['searchHint', tool('Other', { searchHint: 'jupyter cells' }), 'jupyter', 4],
    ['description word', tool('Other'), 'weather', 2],
    ['every place adds up', tool('mcp__weather__forecast', { isMcp: true, searchHint: 'weather today' }), 'weather', 12 + 4 + 2],
    ['words add up', tool('mcp__slack__send_message', { isMcp: true }), 'slack send', 24],
    ['a required word that is missing', tool('mcp__slack__send_message', { isMcp: true }), 'slack +email', 0],
  ])('%s', (_what, candidate, query, expected) => {
    expect(score(candidate, query, 'Shows the weather forecast.')).toBe(expected);
  });

  it('ranks best first, ties by name, and puts an exact full name first', () => {
    const candidates = [
      { tool: tool('mcp__b__send_mail', { isMcp: true }), description: '' },
      { tool: tool('mcp__a__send_mail', { isMcp: true }), description: '' },
      { tool: tool('mcp__mail__archive', { isMcp: true }), description: 'send later' },
    ];
    expect(searchTools(candidates, 'send mail', 5).map((scored) => scored.tool.name)).toEqual([
      'mcp__a__send_mail',
      'mcp__b__send_mail',
      'mcp__mail__archive',
    ]);
    expect(searchTools(candidates, 'mcp__mail__archive', 1).map((scored) => scored.tool.name)).toEqual(['mcp__mail__archive']);
  });
});
