// A subfolder's CLAUDE.md reaches the model once it reads or edits a file there, once, as a reminder.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadTool } from '../../src/tools/ReadTool/ReadTool.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { runScenario, type ScenarioResult } from '../support/queryHarness.js';

let cwd: string;
let scenario: ScenarioResult | undefined;
beforeEach(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-nested-'));
  await mkdir(path.join(cwd, '.git'));
  await writeFile(path.join(cwd, 'CLAUDE.md'), 'ROOT RULES\n');
  await mkdir(path.join(cwd, 'pkg', 'api'), { recursive: true });
  await writeFile(path.join(cwd, 'pkg', 'CLAUDE.md'), 'PKG RULES: use snake_case\n');
  await writeFile(path.join(cwd, 'pkg', 'api', 'CLAUDE.local.md'), 'API PRIVATE NOTES\n');
  await writeFile(path.join(cwd, 'pkg', 'api', 'a.ts'), 'export const a = 1;\n');
  await writeFile(path.join(cwd, 'pkg', 'api', 'b.ts'), 'export const b = 2;\n');
  await mkdir(path.join(cwd, 'secret'));
  await writeFile(path.join(cwd, 'secret', 'CLAUDE.md'), 'SECRET FOLDER RULES\n');
});
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
  await rm(cwd, { recursive: true, force: true });
});

const lastUserText = (index: number): string => JSON.stringify(scenario!.server.requests[index]!.body.messages.at(-1));
const countIn = (text: string, needle: string): number => text.split(needle).length - 1;

describe('nested CLAUDE.md files', () => {
  it('are sent once, outermost first, after the first successful read under their folder', async () => {
    scenario = await runScenario({
      cwd,
      tools: [ReadTool],
      script: [
        turn(toolUse('Read', { file_path: path.join(cwd, 'pkg', 'api', 'a.ts') })),
        turn(toolUse('Read', { file_path: path.join(cwd, 'pkg', 'api', 'b.ts') })),
        endTurn('done'),
      ],
    });
    expect(JSON.stringify(scenario.server.requests[0]!.body.system)).toContain('ROOT RULES');
    expect(JSON.stringify(scenario.server.requests[0]!.body)).not.toContain('PKG RULES');
    const afterFirstRead = lastUserText(1);
    expect(afterFirstRead).toContain('PKG RULES: use snake_case');
    expect(afterFirstRead).toContain('API PRIVATE NOTES');
    expect(afterFirstRead.indexOf('PKG RULES')).toBeLessThan(afterFirstRead.indexOf('API PRIVATE NOTES'));
    expect(afterFirstRead).toContain("the user's private instructions");
    expect(lastUserText(2)).not.toContain('PKG RULES');
    const whole = JSON.stringify(scenario.server.requests[2]!.body.messages);
    expect(countIn(whole, 'PKG RULES')).toBe(1);
    expect(countIn(whole, 'ROOT RULES')).toBe(0);
  });

  it('a failed read does not pull in the folder\'s instructions', async () => {
    scenario = await runScenario({
      cwd,
      tools: [ReadTool],
      script: [turn(toolUse('Read', { file_path: path.join(cwd, 'secret', 'missing.txt') })), endTurn('done')],
    });
    expect(JSON.stringify(scenario.server.requests[1]!.body)).not.toContain('SECRET FOLDER RULES');
  });
});
