// The misc tools in the built CLI (dist/), headless, against the fake model server. This is
// where the bundle's lazy pieces are proven: the turndown worker must find turndown from
// dist/, and no Ink is needed on this path.
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../../support/fakeAnthropic.js';
import { runCli, tempDir } from '../../support/runCli.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../../support/scenario.js';
import { sendPage, startPageServer, type PageServer } from './pageServer.js';

let server: FakeAnthropicServer | undefined;
let pages: PageServer;

beforeAll(async () => {
  pages = await startPageServer({ '/doc': sendPage('text/html', '<html><body><h2>Install</h2><p>Run <code>make</code>.</p></body></html>') });
});
afterAll(async () => {
  await pages.close();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function headless(script: ScriptedTurn[], args: string[]) {
  server = await startFakeAnthropic({ script });
  const run = await runCli(['-p', 'go', '--output-format', 'json', ...args], {
    cwd: await tempDir('agentcli-misc-cwd-'),
    env: {
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test-key',
      AGENTCLI_CONFIG_DIR: await tempDir('agentcli-misc-config-'),
      AGENTCLI_RETRY_BASE_DELAY_MS: '5',
    },
  });
  server.assertNoViolations();
  return run;
}

describe('misc tools in the built CLI, headless', () => {
  it('offers the misc tools a headless run can use', async () => {
    const run = await headless([endTurn('hi')], []);
    expect(run.code).toBe(0);
    const names = (server!.requests[0]!.body.tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['TodoWrite', 'WebFetch', 'WebSearch']));
  });

  it('WebFetch converts HTML to markdown from the bundle', async () => {
    const run = await headless(
      [turn(toolUse('WebFetch', { url: `${pages.url}/doc` })), endTurn('Run make.')],
      ['--permission-mode', 'bypassPermissions'],
    );
    expect(run.code).toBe(0);
    const [result] = lastToolResults(server!.requests[1]!);
    expect(result?.is_error).toBeFalsy();
    expect(toolResultText(result!)).toContain('## Install\n\nRun `make`.');
  });

  it('interactive-only tools are not offered headless; a model that calls one anyway gets an is_error result', async () => {
    const question = { question: 'Which one?', header: 'Choice', options: [{ label: 'A' }, { label: 'B' }] };
    const run = await headless([turn(toolUse('AskUserQuestion', { questions: [question] })), endTurn('Went with A.')], []);
    expect(run.code).toBe(0);
    const offered = (server!.requests[0]!.body.tools ?? []).map((tool: { name: string }) => tool.name);
    expect(offered).not.toContain('AskUserQuestion');
    expect(offered).not.toContain('ExitPlanMode');
    expect(offered).not.toContain('EnterPlanMode');
    const [result] = lastToolResults(server!.requests[1]!);
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('AskUserQuestion');
  });

  it('plan mode headless: the model is told to answer with its plan, and that answer is the result', async () => {
    const run = await headless([endTurn('Plan: 1. Do the thing')], ['--permission-mode', 'plan']);
    expect(run.code).toBe(0);
    expect(JSON.stringify(server!.requests[0]!.body.messages)).toContain('give your plan as your final answer');
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'success', result: 'Plan: 1. Do the thing' });
  });
});
