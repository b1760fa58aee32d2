// The spend cap (--max-budget-usd, settings `budget`) in headless runs: the 80 % warning, the settings'
// shapes, and subagents' cost counted against the parent session's cap.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScriptedTurn } from '../support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';

let cwd: string;
let configDir: string;
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

/** `tokens` input tokens on the default model (sonnet: $2 per million) — 100k costs about $0.20. */
const costing = (scripted: ScriptedTurn, tokens = 100_000): ScriptedTurn => ({ ...scripted, usage: { input_tokens: tokens, output_tokens: 10 } });
const lines = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the spend cap in headless runs', () => {
  it('warns once at 80 % (a system line in stream-json, one stderr line), then stops at the cap', async () => {
    const run = await workspace.run(
      [costing(turn(toolUse('NoSuchTool', {}))), costing(turn(toolUse('NoSuchTool', {}))), costing(turn(toolUse('NoSuchTool', {}))), endTurn('never sent')],
      ['-p', 'go', '--output-format', 'stream-json', '--verbose', '--max-budget-usd', '0.5'],
    );
    expect(workspace.server!.requests).toHaveLength(3);
    const warnings = lines(run.stdout).filter((line) => line.type === 'system' && line.subtype === 'budget_warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ max_usd: 0.5 });
    expect(warnings[0]!.spent_usd).toBeGreaterThanOrEqual(0.4);
    expect(run.stderr.match(/spend cap \(\d+ %\)/g)).toHaveLength(1);
    expect(lines(run.stdout).at(-1)).toMatchObject({ type: 'result', subtype: 'error_max_budget_usd' });
  });

  it('settings `budget` as a number caps the run like the flag', async () => {
    await writeFile(path.join(configDir, 'settings.json'), JSON.stringify({ budget: 0.3 }));
    const run = await workspace.run([costing(turn(toolUse('NoSuchTool', {}))), costing(turn(toolUse('NoSuchTool', {}))), endTurn('never sent')], ['-p', 'go', '--output-format', 'json']);
    expect(workspace.server!.requests).toHaveLength(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'error_max_budget_usd' });
  });

  it('settings `budget: { maxUsd }` works too, and --max-budget-usd wins over it', async () => {
    await writeFile(path.join(configDir, 'settings.json'), JSON.stringify({ budget: { maxUsd: 0.1 } }));
    const capped = await workspace.run([costing(turn(toolUse('NoSuchTool', {}))), endTurn('never sent')], ['-p', 'go', '--output-format', 'json']);
    expect(JSON.parse(capped.stdout)).toMatchObject({ subtype: 'error_max_budget_usd' });
    const lifted = await workspace.run([costing(turn(toolUse('NoSuchTool', {}))), endTurn('done')], ['-p', 'go', '--output-format', 'json', '--max-budget-usd', '5']);
    expect(JSON.parse(lifted.stdout)).toMatchObject({ subtype: 'success', result: 'done' });
  });

  it('repository settings cannot lift the cap the user set for themselves', async () => {
    await writeFile(path.join(configDir, 'settings.json'), JSON.stringify({ budget: 0.1 }));
    await mkdir(path.join(cwd, '.claude'), { recursive: true });
    await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ budget: 100 }));
    const run = await workspace.run([costing(turn(toolUse('NoSuchTool', {}))), endTurn('never sent')], ['-p', 'go', '--output-format', 'json']);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'error_max_budget_usd' });
  });

  it("a subagent's cost counts against the parent session's cap: the child stops, then the parent", async () => {
    const run = await workspace.run(
      [
        turn(toolUse('Agent', { description: 'dig', prompt: 'spend' })),
        costing(turn(toolUse('NoSuchTool', {}))),
        costing(turn(toolUse('NoSuchTool', {}))),
        costing(turn(toolUse('NoSuchTool', {}))),
        endTurn('never sent'),
      ],
      ['-p', 'go', '--output-format', 'json', '--max-budget-usd', '0.5'],
    );
    // The parent's call, then three child requests; the child stops at the cap and the parent sends nothing more.
    expect(workspace.server!.requests).toHaveLength(4);
    expect(JSON.parse(run.stdout)).toMatchObject({ subtype: 'error_max_budget_usd' });
  });

  it("a subagent's spending past 80 % brings the warning with the parent's next response", async () => {
    const run = await workspace.run(
      [turn(toolUse('Agent', { description: 'dig', prompt: 'spend' })), costing(endTurn('child done'), 420_000), endTurn('parent done')],
      ['-p', 'go', '--output-format', 'stream-json', '--verbose', '--max-budget-usd', '1'],
    );
    const all = lines(run.stdout);
    expect(all.filter((line) => line.subtype === 'budget_warning')).toHaveLength(1);
    expect(all.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'parent done' });
  });
});
