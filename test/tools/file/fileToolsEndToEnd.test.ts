// The file tools through the whole loop: the fake Anthropic server scripts the model's
// calls, the real SDK streams them, the real session runs the tools on a temp directory, and
// the test checks what the model got back in its next request.
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ScenarioResult } from '../../support/queryHarness.js';
import { runScenario, toolResultEvents } from '../../support/queryHarness.js';
import { endTurn, lastToolResults, toolResultText, toolUse, turn } from '../../support/scenario.js';
import { FILE_TOOLS } from './fileToolHarness.js';
import { PNG_1X1, notebookJson } from './fixtures.js';

let scenario: ScenarioResult | undefined;
let cwd: string | undefined;
afterEach(async () => {
  await scenario?.cleanup();
  scenario = undefined;
  if (cwd) await rm(cwd, { recursive: true, force: true });
  cwd = undefined;
});

async function tempCwd(): Promise<string> {
  cwd = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentcli-e2e-files-')));
  return cwd;
}

/** The tool_results the model received in request `index`. */
function resultsIn(index: number): ToolResultBlockParam[] {
  return lastToolResults(scenario!.server.requests[index]!);
}

describe('file tools through the agent loop', () => {
  it('offers all four tools to the model with their schemas', async () => {
    scenario = await runScenario({ script: [endTurn('hi')], tools: FILE_TOOLS });
    const tools: { name: string; input_schema: { properties: Record<string, unknown> } }[] = scenario.server.requests[0]!.body.tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual(['Edit', 'NotebookEdit', 'Read', 'Write']);
    const edit = tools.find((tool) => tool.name === 'Edit')!;
    expect(Object.keys(edit.input_schema.properties)).toEqual(['file_path', 'old_string', 'new_string', 'replace_all']);
  });

  it('Edit before Read: the model is told to Read first; after reading, the same Edit succeeds', async () => {
    const dir = await tempCwd();
    await writeFile(path.join(dir, 'app.ts'), 'export const port = 3000;\n');
    const edit = { file_path: 'app.ts', old_string: 'port = 3000', new_string: 'port = 8080' };
    scenario = await runScenario({
      cwd: dir,
      tools: FILE_TOOLS,
      script: [turn(toolUse('Edit', edit)), turn(toolUse('Read', { file_path: 'app.ts' })), turn(toolUse('Edit', edit)), endTurn('done')],
    });
    scenario.server.assertNoViolations();
    const [refused] = resultsIn(1);
    expect(refused!.is_error).toBe(true);
    expect(toolResultText(refused!)).toContain('app.ts has not been read in this session, so Edit will not change it. Read it first');
    expect(toolResultText(resultsIn(2)[0]!)).toBe('     1\texport const port = 3000;');
    const [edited] = resultsIn(3);
    expect(edited!.is_error).toBeUndefined();
    expect(toolResultText(edited!)).toBe('Edited app.ts: replaced 1 occurrence (line 1).\nAround the change:\n     1\texport const port = 8080;');
    expect(await readFile(path.join(dir, 'app.ts'), 'utf8')).toBe('export const port = 8080;\n');
  });

  it('an ambiguous Edit: the model learns how many matches and where', async () => {
    const dir = await tempCwd();
    await writeFile(path.join(dir, 'a.py'), 'x = 1\ny = 2\nx = 1\n');
    scenario = await runScenario({
      cwd: dir,
      tools: FILE_TOOLS,
      script: [turn(toolUse('Read', { file_path: 'a.py' })), turn(toolUse('Edit', { file_path: 'a.py', old_string: 'x = 1', new_string: 'x = 3' })), endTurn('ok')],
    });
    const [result] = resultsIn(2);
    expect(result!.is_error).toBe(true);
    expect(toolResultText(result!)).toContain('Found 2 matches of old_string in a.py (at lines 1, 3)');
  });

  it('parallel Reads run as one batch and come back in call order; a missing file gets suggestions', async () => {
    const dir = await tempCwd();
    await writeFile(path.join(dir, 'one.txt'), 'first\n');
    await writeFile(path.join(dir, 'two.txt'), 'second\n');
    scenario = await runScenario({
      cwd: dir,
      tools: FILE_TOOLS,
      script: [
        turn(toolUse('Read', { file_path: 'two.txt' }), toolUse('Read', { file_path: 'one.txt' }), toolUse('Read', { file_path: 'tree.txt' })),
        endTurn('ok'),
      ],
    });
    const texts = resultsIn(1).map(toolResultText);
    expect(texts[0]).toBe('     1\tsecond');
    expect(texts[1]).toBe('     1\tfirst');
    expect(texts[2]).toContain('File does not exist: tree.txt.');
    expect(texts[2]).toMatch(/Did you mean (one|two)\.txt/);
    expect(toolResultEvents(scenario.events)).toHaveLength(3);
  });

  it('Read of an image sends the model an image block', async () => {
    const dir = await tempCwd();
    await writeFile(path.join(dir, 'shot.png'), PNG_1X1);
    scenario = await runScenario({ cwd: dir, tools: FILE_TOOLS, script: [turn(toolUse('Read', { file_path: 'shot.png' })), endTurn('a pixel')] });
    scenario.server.assertNoViolations();
    expect(resultsIn(1)[0]!.content).toEqual([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1.toString('base64') } }]);
  });

  it('Write creates, then refuses to overwrite a file changed behind the model\'s back', async () => {
    const dir = await tempCwd();
    scenario = await runScenario({
      cwd: dir,
      tools: FILE_TOOLS,
      script: async (request, index) => {
        if (index === 0) return turn(toolUse('Write', { file_path: 'notes/plan.md', content: '# Plan\n' }));
        if (index === 1) {
          await writeFile(path.join(dir, 'notes', 'plan.md'), '# Plan (edited by the user)\n');
          return turn(toolUse('Write', { file_path: 'notes/plan.md', content: '# Plan v2\n' }));
        }
        return endTurn('ok');
      },
    });
    expect(toolResultText(resultsIn(1)[0]!)).toBe('Created notes/plan.md (1 line). Also created the directory notes.');
    const [refused] = resultsIn(2);
    expect(refused!.is_error).toBe(true);
    expect(toolResultText(refused!)).toContain('notes/plan.md has changed on disk since you last read it');
    expect(await readFile(path.join(dir, 'notes', 'plan.md'), 'utf8')).toBe('# Plan (edited by the user)\n');
  });

  it('NotebookEdit after Read changes the cell and keeps the notebook valid JSON', async () => {
    const dir = await tempCwd();
    await writeFile(path.join(dir, 'nb.ipynb'), notebookJson());
    scenario = await runScenario({
      cwd: dir,
      tools: FILE_TOOLS,
      script: [
        turn(toolUse('Read', { file_path: 'nb.ipynb' })),
        turn(toolUse('NotebookEdit', { notebook_path: 'nb.ipynb', cell_id: 'intro', new_source: '# New title' })),
        endTurn('ok'),
      ],
    });
    expect(toolResultText(resultsIn(1)[0]!)).toContain('<cell index="1" id="intro" type="markdown">');
    expect(toolResultText(resultsIn(2)[0]!)).toBe('Replaced the source of cell intro (markdown) in nb.ipynb.');
    const notebook: { cells: { source: string[] }[] } = JSON.parse(await readFile(path.join(dir, 'nb.ipynb'), 'utf8'));
    expect(notebook.cells[0]!.source).toEqual(['# New title']);
  });

  it('in acceptEdits mode the permission system sees the file: edits inside the project run, outside they are refused', async () => {
    const dir = await tempCwd();
    const outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentcli-outside-')));
    try {
      scenario = await runScenario({
        cwd: dir,
        mode: 'acceptEdits',
        tools: FILE_TOOLS,
        script: [
          turn(toolUse('Write', { file_path: 'inside.txt', content: 'ok\n' })),
          turn(toolUse('Write', { file_path: path.join(outside, 'outside.txt'), content: 'no\n' })),
          endTurn('ok'),
        ],
      });
      expect(resultsIn(1)[0]!.is_error).toBeUndefined();
      expect(await readFile(path.join(dir, 'inside.txt'), 'utf8')).toBe('ok\n');
      const [refused] = resultsIn(2);
      expect(refused!.is_error).toBe(true);
      expect(toolResultText(refused!)).toContain('it edits outside the working directories');
      await expect(readFile(path.join(outside, 'outside.txt'))).rejects.toThrow();
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
