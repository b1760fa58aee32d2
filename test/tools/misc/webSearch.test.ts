import { afterEach, describe, expect, it } from 'vitest';
import { WEB_SEARCH_TOOL_TYPE } from '../../../src/tools/WebSearchTool/runWebSearch.js';
import { WebSearchTool } from '../../../src/tools/WebSearchTool/WebSearchTool.js';
import type { ScriptedBlock, ScriptedTurn } from '../../support/fakeAnthropic.js';
import { runScenario, type ScenarioResult } from '../../support/queryHarness.js';
import { endTurn, lastToolResults, rawBlock, serverError, text, toolResultText, toolUse, turn } from '../../support/scenario.js';
import { preparedCall } from '../../support/preparedCalls.js';

function searchCall(id: string, query: string): ScriptedBlock {
  return rawBlock({ type: 'server_tool_use', id, name: 'web_search', input: { query }, caller: { type: 'direct' } });
}

function searchResults(toolUseId: string, results: { title: string; url: string; page_age?: string }[]): ScriptedBlock {
  return rawBlock({
    type: 'web_search_tool_result',
    tool_use_id: toolUseId,
    caller: { type: 'direct' },
    content: results.map((result) => ({ type: 'web_search_result', encrypted_content: 'opaque', page_age: null, ...result })),
  });
}

function searchError(toolUseId: string, errorCode: string): ScriptedBlock {
  return rawBlock({ type: 'web_search_tool_result', tool_use_id: toolUseId, caller: { type: 'direct' }, content: { type: 'web_search_tool_result_error', error_code: errorCode } });
}

/** The side request's answer: what the API sends after running its server-side search. */
function searchAnswer(...blocks: ScriptedBlock[]): ScriptedTurn {
  return { blocks, stopReason: 'end_turn' };
}

describe('WebSearch', () => {
  let scenario: ScenarioResult | undefined;
  afterEach(async () => {
    await scenario?.cleanup();
    scenario = undefined;
  });

  const run = (input: unknown, ...sideAnswers: ScriptedTurn[]) =>
    runScenario({
      tools: [WebSearchTool],
      mode: 'default',
      script: [turn(toolUse('WebSearch', input)), ...sideAnswers, endTurn('Done.')],
    });

  it('runs the API server-side web_search tool in a side request, with the call\'s allowed domains', async () => {
    scenario = await run(
      { query: 'vitest 4 release notes', allowed_domains: ['vitest.dev'] },
      searchAnswer(
        searchCall('srvtoolu_1', 'vitest 4 release notes'),
        searchResults('srvtoolu_1', [
          { title: 'Vitest 4 is out', url: 'https://vitest.dev/blog/vitest-4', page_age: 'October 2025' },
          { title: 'Migration guide', url: 'https://vitest.dev/guide/migration' },
        ]),
        text('Vitest 4 makes browser mode stable.'),
      ),
    );
    scenario.server.assertNoViolations();
    const side = scenario.server.requests[1]!;
    expect(side.body.stream).toBeFalsy();
    expect(side.body.model).toBe(scenario.session.model);
    expect(side.body.tools).toEqual([{ type: WEB_SEARCH_TOOL_TYPE, name: 'web_search', max_uses: 5, allowed_domains: ['vitest.dev'] }]);
    expect(JSON.stringify(side.body.messages)).toContain('vitest 4 release notes');

    // The main request offers WebSearch as an ordinary tool with our schema.
    const mainTools = scenario.server.requests[0]!.body.tools as { name: string; input_schema?: { properties?: object } }[];
    expect(mainTools.map((tool) => tool.name)).toEqual(['WebSearch']);
    expect(Object.keys(mainTools[0]!.input_schema!.properties!)).toEqual(['query', 'allowed_domains', 'blocked_domains']);

    const [result] = lastToolResults(scenario.server.requests[2]!);
    expect(result?.is_error).toBeFalsy();
    const output = toolResultText(result!);
    expect(output).toContain('Searches run: "vitest 4 release notes" (2 results).');
    expect(output).toContain('1. Vitest 4 is out — https://vitest.dev/blog/vitest-4 (October 2025)');
    expect(output).toContain('2. Migration guide — https://vitest.dev/guide/migration');
    expect(output).toContain('What the results say:\nVitest 4 makes browser mode stable.');
    expect(output).toContain('markdown links');
  });

  it('passes blocked domains to the server tool', async () => {
    scenario = await run({ query: 'left-pad', blocked_domains: ['spam.example'] }, searchAnswer(text('Nothing relevant.')));
    expect(scenario.server.requests[1]!.body.tools[0]).toMatchObject({ blocked_domains: ['spam.example'] });
    expect(scenario.server.requests[1]!.body.tools[0].allowed_domains).toBeUndefined();
    const [result] = lastToolResults(scenario.server.requests[2]!);
    expect(toolResultText(result!)).toContain('No results were found.');
  });

  it('lists each source once even when several searches found it', async () => {
    const page = { title: 'Docs', url: 'https://docs.example/a' };
    scenario = await run(
      { query: 'example docs' },
      searchAnswer(searchCall('s1', 'example docs'), searchResults('s1', [page]), searchCall('s2', 'example documentation'), searchResults('s2', [page]), text('Same page.')),
    );
    const output = toolResultText(lastToolResults(scenario.server.requests[2]!)[0]!);
    expect(output).toContain('"example docs" (1 results), "example documentation" (1 results)');
    expect(output.match(/https:\/\/docs\.example\/a/g)).toHaveLength(1);
  });

  it('refuses allowed and blocked domains together, before any search', async () => {
    scenario = await runScenario({
      tools: [WebSearchTool],
      script: [turn(toolUse('WebSearch', { query: 'x y', allowed_domains: ['a.com'], blocked_domains: ['b.com'] })), endTurn('ok')],
    });
    expect(scenario.server.requests).toHaveLength(2);
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('Give allowed_domains or blocked_domains, not both');
  });

  it('refuses URLs given as domains, saying how to write them', async () => {
    scenario = await runScenario({
      tools: [WebSearchTool],
      script: [turn(toolUse('WebSearch', { query: 'x y', allowed_domains: ['https://a.com/'] })), endTurn('ok')],
    });
    const [result] = lastToolResults(scenario.server.requests[1]!);
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('"https://a.com/"');
    expect(toolResultText(result!)).toContain('without a scheme');
  });

  it('reports a search the service refused as an error result with the reason', async () => {
    scenario = await run({ query: 'anything' }, searchAnswer(searchCall('s1', 'anything'), searchError('s1', 'too_many_requests')));
    const [result] = lastToolResults(scenario.server.requests[2]!);
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('rate-limiting');
  });

  it('resumes a paused server turn by sending its blocks back', async () => {
    scenario = await run(
      { query: 'long research' },
      { blocks: [searchCall('s1', 'long research'), searchResults('s1', [{ title: 'One', url: 'https://one.example/' }])], stopReason: 'pause_turn' },
      searchAnswer(text('Finished after the pause.')),
    );
    scenario.server.assertNoViolations();
    const resumed = scenario.server.requests[2]!.body.messages as { role: string; content: { type: string }[] }[];
    expect(resumed.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(resumed[1]!.content.map((block) => block.type)).toEqual(['server_tool_use', 'web_search_tool_result']);
    const output = toolResultText(lastToolResults(scenario.server.requests[3]!)[0]!);
    expect(output).toContain('1. One — https://one.example/');
    expect(output).toContain('Finished after the pause.');
  });

  it('explains a failing side request (e.g. an endpoint without server tools)', async () => {
    scenario = await run({ query: 'anything' }, serverError({ status: 400, message: 'tools.0: unknown tool type' }));
    const [result] = lastToolResults(scenario.server.requests[2]!);
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('unknown tool type');
    expect(toolResultText(result!)).toContain('ANTHROPIC_BASE_URL');
  });

  it('server search blocks streamed in a main turn go back to the API exactly as they came', async () => {
    const call = { type: 'server_tool_use', id: 'srvtoolu_9', name: 'web_search', input: { query: 'q' } };
    const results = { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_9', content: [{ type: 'web_search_result', title: 'T', url: 'https://t.example/', encrypted_content: 'enc', page_age: null }] };
    scenario = await runScenario({
      tools: [WebSearchTool],
      script: [turn(rawBlock(call), rawBlock(results), toolUse('WebSearch', { query: 'x y', allowed_domains: ['a.com'], blocked_domains: ['b.com'] })), endTurn('ok')],
    });
    scenario.server.assertNoViolations();
    const assistant = (scenario.server.requests[1]!.body.messages as { role: string; content: unknown[] }[])[1]!;
    expect(assistant.role).toBe('assistant');
    expect(assistant.content.slice(0, 2)).toEqual([call, results]);
  });

  it('is a read-only, concurrency-safe tool that the general permission rules decide', async () => {
    expect(WebSearchTool.isReadOnly(await preparedCall(WebSearchTool, { query: 'x' }))).toBe(true);
    expect(WebSearchTool.isConcurrencySafe(await preparedCall(WebSearchTool, { query: 'x' }))).toBe(true);
  });
});
