// Grep with the real ripgrep on real trees: every output mode and option, stable paging,
// long lines cut, and the errors the model sees through the pipeline.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GrepTool, type GrepInput, type GrepResult } from '../../../src/tools/GrepTool/GrepTool.js';
import { runScenario, resultText, toolResultEvents } from '../../support/queryHarness.js';
import { endTurn, toolUse, turn } from '../../support/scenario.js';
import { makeTree, toolContext } from './searchFixtures.js';
import { preparedCall } from '../../support/preparedCalls.js';

let root: string;

beforeAll(async () => {
  root = await makeTree([
    { path: '.gitignore', content: 'ignored/\n' },
    { path: '.git/HEAD', content: 'needle in git internals\n' },
    { path: 'ignored/hit.txt', content: 'needle ignored\n' },
    { path: 'src/app.ts', content: 'const a = 1;\nconst needle = 2;\n// Needle upper\nreturn needle;\n', ageSeconds: 300 },
    { path: 'src/util.py', content: 'def find():\n    return "needle in python"\n', ageSeconds: 100 },
    { path: 'docs/readme.md', content: 'nothing to see\n', ageSeconds: 50 },
    { path: '.config/settings.json', content: '{"needle": true}\n', ageSeconds: 200 },
    { path: 'flags.txt', content: 'use --verbose or -flag here\n', ageSeconds: 400 },
    { path: 'multi.txt', content: 'start of block\nmiddle\nend of block\n', ageSeconds: 400 },
  ]);
});

async function grep(input: Partial<GrepInput> & { pattern: string }, cwd = root): Promise<{ data: GrepResult; text: string }> {
  const parsed = GrepTool.inputSchema.parse(input);
  const { data } = await GrepTool.call(parsed, toolContext(cwd), () => undefined);
  const content = GrepTool.mapToolResultToToolResultBlockParam(data, 'id').content;
  return { data, text: typeof content === 'string' ? content : '' };
}

describe('Grep output modes', () => {
  it('files_with_matches (default): matching files newest first; .gitignore and .git skipped, hidden files searched', async () => {
    const { data, text } = await grep({ pattern: 'needle' });
    expect(data.lines).toEqual(['src/util.py', '.config/settings.json', 'src/app.ts']);
    expect(text.split('\n')[0]).toBe('Found 3 files (newest first)');
  });

  it('an include glob that matches everything does not bring .git back in', async () => {
    const { data } = await grep({ pattern: 'needle', glob: '**/*' });
    expect(data.lines).not.toContain('.git/HEAD');
    expect(data.lines).toContain('src/app.ts');
  });

  it('content: path:line:text in path order, line numbers by default', async () => {
    const { data } = await grep({ pattern: 'needle', output_mode: 'content' });
    expect(data.lines).toEqual([
      '.config/settings.json:1:{"needle": true}',
      'src/app.ts:2:const needle = 2;',
      'src/app.ts:4:return needle;',
      'src/util.py:2:    return "needle in python"',
    ]);
  });

  it('content without line numbers, and with context lines', async () => {
    expect((await grep({ pattern: 'return needle', output_mode: 'content', '-n': false })).data.lines).toEqual(['src/app.ts:return needle;']);
    const around = await grep({ pattern: 'Needle upper', output_mode: 'content', '-C': 1 });
    expect(around.data.lines).toEqual(['src/app.ts-2-const needle = 2;', 'src/app.ts:3:// Needle upper', 'src/app.ts-4-return needle;']);
    const after = await grep({ pattern: 'const a', output_mode: 'content', '-A': 1 });
    expect(after.data.lines).toEqual(['src/app.ts:1:const a = 1;', 'src/app.ts-2-const needle = 2;']);
    const before = await grep({ pattern: 'return needle', output_mode: 'content', '-B': 1 });
    expect(before.data.lines).toEqual(['src/app.ts-3-// Needle upper', 'src/app.ts:4:return needle;']);
  });

  it('count: matches per file in path order, with totals', async () => {
    const { data, text } = await grep({ pattern: 'needle', output_mode: 'count' });
    expect(data.lines).toEqual(['.config/settings.json:1', 'src/app.ts:2', 'src/util.py:1']);
    expect(text.split('\n')[0]).toBe('Found 4 matches in 3 files');
  });

  it('-i ignores case', async () => {
    expect((await grep({ pattern: 'NEEDLE UPPER', '-i': true, output_mode: 'content' })).data.lines).toEqual(['src/app.ts:3:// Needle upper']);
    expect((await grep({ pattern: 'NEEDLE UPPER' })).data.numFiles).toBe(0);
  });

  it('glob and type narrow the files', async () => {
    expect((await grep({ pattern: 'needle', glob: '*.ts' })).data.lines).toEqual(['src/app.ts']);
    expect((await grep({ pattern: 'needle', glob: '*.py *.json' })).data.lines).toEqual(['src/util.py', '.config/settings.json']);
    expect((await grep({ pattern: 'needle', type: 'py' })).data.lines).toEqual(['src/util.py']);
  });

  it('path narrows to a folder or a single file', async () => {
    expect((await grep({ pattern: 'needle', path: 'src' })).data.lines).toEqual(['src/util.py', 'src/app.ts']);
    expect((await grep({ pattern: 'needle', path: 'src/app.ts', output_mode: 'content' })).data.lines).toEqual([
      'src/app.ts:2:const needle = 2;',
      'src/app.ts:4:return needle;',
    ]);
    expect((await grep({ pattern: 'needle', path: path.join(root, 'src', 'util.py'), output_mode: 'count' })).data.lines).toEqual(['src/util.py:1']);
  });

  it('multiline lets a pattern span lines', async () => {
    expect((await grep({ pattern: 'start.*end' })).data.numFiles).toBe(0);
    expect((await grep({ pattern: 'start.*end', multiline: true })).data.lines).toEqual(['multi.txt']);
  });

  it('a pattern starting with "-" is a pattern, not a flag', async () => {
    expect((await grep({ pattern: '-flag', output_mode: 'content' })).data.lines).toEqual(['flags.txt:1:use --verbose or -flag here']);
  });

  it('says so when nothing matches', async () => {
    expect((await grep({ pattern: 'zebra' })).text).toBe(`No matches found for /zebra/ in ${root}.`);
  });
});

describe('Grep paging', () => {
  let many: string;
  beforeAll(async () => {
    many = await makeTree(
      Array.from({ length: 30 }, (_, index) => ({ path: `dir${index % 3}/file${String(index).padStart(2, '0')}.txt`, content: `hit ${index}\nhit again ${index}\n` })),
    );
  });

  it('content pages are disjoint, in a stable order, and together cover every line', async () => {
    const pages = [];
    for (const offset of [0, 25, 50]) pages.push(await grep({ pattern: 'hit', output_mode: 'content', head_limit: 25, offset }, many));
    const lines = pages.flatMap((page) => page.data.lines);
    expect(lines).toHaveLength(60);
    expect(new Set(lines).size).toBe(60);
    expect(lines).toEqual([...lines].sort());
    expect(pages[0]!.data.moreAvailable).toBe(true);
    expect(pages[0]!.text).toContain('Pass offset: 25 for the next page');
    expect(pages[2]!.data.moreAvailable).toBe(false);
    const again = await grep({ pattern: 'hit', output_mode: 'content', head_limit: 25, offset: 25 }, many);
    expect(again.data.lines).toEqual(pages[1]!.data.lines);
  });

  it('files pages, and head_limit 0 for everything', async () => {
    const first = await grep({ pattern: 'hit', head_limit: 10 }, many);
    expect(first.data.lines).toHaveLength(10);
    expect(first.data.totalItems).toBe(30);
    expect(first.text).toContain('Showing files 1–10, of 30');
    expect((await grep({ pattern: 'hit', head_limit: 0 }, many)).data.lines).toHaveLength(30);
    expect((await grep({ pattern: 'hit', output_mode: 'content', head_limit: 0 }, many)).data.lines).toHaveLength(60);
  });

  it('defaults to 250 items per page', async () => {
    const big = await makeTree([{ path: 'big.txt', content: Array.from({ length: 400 }, (_, index) => `match ${index}`).join('\n') }]);
    const result = await grep({ pattern: 'match', output_mode: 'content' }, big);
    expect(result.data.lines).toHaveLength(250);
    expect(result.data.moreAvailable).toBe(true);
  });
});

describe('Grep long lines', () => {
  it('cuts very long lines instead of returning them whole', async () => {
    const tree = await makeTree([{ path: 'bundle.min.js', content: `${'x'.repeat(50_000)}needle${'y'.repeat(50_000)}\n` }]);
    const { data } = await grep({ pattern: 'needle', output_mode: 'content' }, tree);
    expect(data.lines).toHaveLength(1);
    expect(data.lines[0]!.length).toBeLessThan(1_000);
    expect(data.lines[0]).toContain('omitted');
  });
});

describe('Grep through the pipeline', () => {
  it('the model sees clear errors for a bad regex, an unknown type and a missing path', async () => {
    const scenario = await runScenario({
      tools: [GrepTool],
      cwd: root,
      script: [
        turn(
          toolUse('Grep', { pattern: 'needle' }),
          toolUse('Grep', { pattern: 'foo(' }),
          toolUse('Grep', { pattern: 'x', type: 'nosuchtype' }),
          toolUse('Grep', { pattern: 'x', path: 'srcc' }),
        ),
        endTurn('done'),
      ],
    });
    const outcomes = toolResultEvents(scenario.events).map(({ outcome }) => outcome);
    const texts = outcomes.map((outcome) => resultText(outcome.result.content));
    expect(outcomes[0]!.status).toBe('success');
    expect(texts[0]).toContain('Found 3 files');
    expect(outcomes[1]!.result.is_error).toBe(true);
    expect(texts[1]).toContain('not a valid regular expression');
    expect(texts[1]).toContain('unclosed group');
    expect(texts[1]).toContain('with a backslash');
    expect(outcomes[2]!.result.is_error).toBe(true);
    expect(texts[2]).toContain('unrecognized file type: nosuchtype');
    expect(outcomes[3]!.result.is_error).toBe(true);
    expect(texts[3]).toContain(`Path does not exist: ${path.join(root, 'srcc')}`);
    expect(texts[3]).toContain('Did you mean');
    // All four are read-only and ran as one parallel batch, answered in order.
    expect(outcomes.map((outcome) => outcome.toolUseId)).toEqual(['toolu_0_0', 'toolu_0_1', 'toolu_0_2', 'toolu_0_3']);
    await scenario.cleanup();
  });

  it('is read-only and concurrency-safe; declares the search path, recursively', async () => {
    const input = GrepTool.inputSchema.parse({ pattern: 'x', path: 'src' });
    expect(GrepTool.isReadOnly(await preparedCall(GrepTool, input))).toBe(true);
    expect(GrepTool.isConcurrencySafe(await preparedCall(GrepTool, input))).toBe(true);
    // Grep reads every file below its path: declared recursive, so Read rules on files inside count.
    expect((await preparedCall(GrepTool, input, { cwd: '/work/project' })).facts.paths).toEqual([{ path: '/work/project/src', access: 'read', recursive: true }]);
  });
});
