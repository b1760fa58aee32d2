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
  it('offers all five tools to the model', async () => {
    const run = await headless([endTurn('hi')], []);
    expect(run.code).toBe(0);
    const names = (server!.requests[0]!.body.tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['AskUserQuestion', 'ExitPlanMode', 'TodoWrite', 'WebFetch', 'WebSearch']));
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

  it('AskUserQuestion tells the model nobody is there', async () => {
    const question = { question: 'Which one?', header: 'Choice', options: [{ label: 'A' }, { label: 'B' }] };
    const run = await headless([turn(toolUse('AskUserQuestion', { questions: [question] })), endTurn('Went with A.')], []);
    expect(run.code).toBe(0);
    const [result] = lastToolResults(server!.requests[1]!);
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('No user is present');
  });

  it('ExitPlanMode in plan mode hands the plan back and stays in plan mode', async () => {
    const run = await headless([turn(toolUse('ExitPlanMode', { plan: '1. Do the thing' })), endTurn('Plan: 1. Do the thing')], ['--permission-mode', 'plan']);
    expect(run.code).toBe(0);
    const [result] = lastToolResults(server!.requests[1]!);
    expect(result?.is_error).toBeFalsy();
    expect(toolResultText(result!)).toContain('1. Do the thing');
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'success', result: 'Plan: 1. Do the thing' });
  });
});
