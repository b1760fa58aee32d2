// Glob on real trees: fast-glob semantics, .gitignore honoured, .git and node_modules
// excluded unless named, newest first, at most 100 — and through the pipeline with the
// fake model server for the errors the model sees.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GlobTool, type GlobResult } from '../../../src/tools/GlobTool/GlobTool.js';
import { planGlob, staticBase } from '../../../src/tools/GlobTool/globPattern.js';
import { runScenario, resultText, toolResultEvents } from '../../support/queryHarness.js';
import { endTurn, toolUse, turn } from '../../support/scenario.js';
import { makeTree, toolContext } from './searchFixtures.js';
import { preparedCall } from '../../support/preparedCalls.js';

let root: string;

beforeAll(async () => {
  root = await makeTree([
    { path: '.gitignore', content: 'ignored/\n*.log\n' },
    { path: '.git/config', ageSeconds: 10 },
    { path: '.github/workflows/ci.yml', ageSeconds: 500 },
    { path: 'README.md', ageSeconds: 400 },
    { path: 'notes.md', ageSeconds: 300 },
    { path: 'docs/guide.md', ageSeconds: 50 },
    { path: 'src/a.ts', ageSeconds: 200 },
    { path: 'src/b.tsx', ageSeconds: 150 },
    { path: 'src/deep/c.ts', ageSeconds: 100 },
    { path: 'src/deep/d.js', ageSeconds: 90 },
    { path: 'ignored/x.ts', ageSeconds: 5 },
    { path: 'debug.log', ageSeconds: 5 },
    { path: 'node_modules/pkg/index.ts', ageSeconds: 5 },
    { path: 'node_modules/pkg/package.json', ageSeconds: 5 },
  ]);
});

async function glob(pattern: string, extra: { path?: string; cwd?: string } = {}): Promise<GlobResult> {
  const input = GlobTool.inputSchema.parse({ pattern, ...(extra.path ? { path: extra.path } : {}) });
  return (await GlobTool.call(input, toolContext(extra.cwd ?? root), () => undefined)).data;
}

describe('Glob matching', () => {
  it('** matches at any depth, newest first, relative to the working directory', async () => {
    expect((await glob('**/*.ts')).files).toEqual(['src/deep/c.ts', 'src/a.ts']);
  });

  it('* stays in one folder', async () => {
    expect((await glob('*.md')).files).toEqual(['notes.md', 'README.md']);
  });

  it('honours .gitignore (folders and file patterns)', async () => {
    const all = (await glob('**/*')).files;
    expect(all).not.toContain('ignored/x.ts');
    expect(all).not.toContain('debug.log');
    expect(all).toContain('src/deep/d.js');
  });

  it('excludes .git and node_modules, but includes other hidden folders', async () => {
    const all = (await glob('**/*')).files;
    expect(all.some((file) => file.startsWith('.git/'))).toBe(false);
    expect(all.some((file) => file.startsWith('node_modules/'))).toBe(false);
    expect(all).toContain('.github/workflows/ci.yml');
    expect((await glob('**/*.yml')).files).toEqual(['.github/workflows/ci.yml']);
  });

  it('includes node_modules and .git when the pattern names them', async () => {
    expect((await glob('node_modules/**/*.ts')).files).toEqual(['node_modules/pkg/index.ts']);
    expect((await glob('**/node_modules/**/package.json')).files).toEqual(['node_modules/pkg/package.json']);
    expect((await glob('.git/*')).files).toEqual(['.git/config']);
  });

  it('supports brace alternatives and character classes', async () => {
    expect((await glob('src/**/*.{ts,tsx}')).files).toEqual(['src/deep/c.ts', 'src/b.tsx', 'src/a.ts']);
    expect((await glob('src/[ab].ts*')).files).toEqual(['src/b.tsx', 'src/a.ts']);
  });

  it('searches under path, still showing paths relative to the working directory', async () => {
    expect((await glob('*.ts', { path: 'src' })).files).toEqual(['src/a.ts']);
    expect((await glob('**/*.ts', { path: path.join(root, 'src', 'deep') })).files).toEqual(['src/deep/c.ts']);
  });

  it('accepts absolute patterns', async () => {
    expect((await glob(`${root}/src/*.ts`)).files).toEqual(['src/a.ts']);
  });

  it('shows paths outside the working directory as absolute paths', async () => {
    const result = await glob('*.md', { cwd: path.join(root, 'src'), path: '..' });
    expect(result.files).toEqual([path.join(root, 'notes.md'), path.join(root, 'README.md')]);
  });

  it('a pattern without glob characters names one file', async () => {
    expect((await glob('src/a.ts')).files).toEqual(['src/a.ts']);
    expect((await glob('src/missing.ts')).files).toEqual([]);
  });

  it('returns at most 100 files, the newest, with a note saying how many matched', async () => {
    const many = await makeTree(Array.from({ length: 120 }, (_, index) => ({ path: `f/${index}.txt`, ageSeconds: 1_000 - index })));
    const result = await glob('**/*.txt', { cwd: many });
    expect(result.files).toHaveLength(100);
    expect(result.files[0]).toBe('f/119.txt');
    expect(result.files[99]).toBe('f/20.txt');
    expect(result.totalMatches).toBe(120);
    expect(result.truncated).toBe(true);
    const text = GlobTool.mapToolResultToToolResultBlockParam(result, 'id').content;
    expect(text).toContain('Showing the 100 most recently modified of 120 matching files');
  });

  it('says so when nothing matches', async () => {
    const result = await glob('**/*.rs');
    expect(GlobTool.mapToolResultToToolResultBlockParam(result, 'id').content).toBe(`No files found matching **/*.rs in ${root}.`);
  });
});

describe('Glob contract', () => {
  it('is read-only and concurrency-safe; declares the search root it reads', async () => {
    const input = GlobTool.inputSchema.parse({ pattern: 'src/**/*.ts', path: 'pkg' });
    expect(GlobTool.isReadOnly(await preparedCall(GlobTool, input))).toBe(true);
    expect(GlobTool.isConcurrencySafe(await preparedCall(GlobTool, input))).toBe(true);
    const declared = async (glob: typeof input) => (await preparedCall(GlobTool, glob, { cwd: '/work/project' })).facts.paths;
    expect(await declared(input)).toEqual([{ path: '/work/project/pkg/src', access: 'read' }]);
    expect(await declared(GlobTool.inputSchema.parse({ pattern: '/etc/**/*.conf' }))).toEqual([{ path: '/etc', access: 'read' }]);
    expect(await declared(GlobTool.inputSchema.parse({ pattern: '../other/*.ts' }))).toEqual([{ path: '/work/other', access: 'read' }]);
  });

  it('splits a pattern into its static base and the part to match', () => {
    expect(staticBase('src/components/*.tsx')).toBe('src/components');
    expect(staticBase('**/*.ts')).toBe('.');
    expect(staticBase('{src,test}/**')).toBe('.');
    expect(planGlob('src/*/index.ts', '/repo')).toEqual({ kind: 'pattern', baseDir: '/repo/src', relativePattern: '*/index.ts', maxDepth: 2 });
    expect(planGlob('./src/**/x.ts', '/repo')).toMatchObject({ baseDir: '/repo/src', relativePattern: '**/x.ts', maxDepth: undefined });
  });
});

describe('Glob through the pipeline', () => {
  it('the model gets the file list, and a useful error for a missing or wrong path', async () => {
    const scenario = await runScenario({
      tools: [GlobTool],
      cwd: root,
      script: [
        turn(toolUse('Glob', { pattern: '**/*.ts' }), toolUse('Glob', { pattern: '*.ts', path: 'scr' }), toolUse('Glob', { pattern: '*', path: 'README.md' })),
        endTurn('done'),
      ],
    });
    const outcomes = toolResultEvents(scenario.events).map(({ outcome }) => outcome);
    const texts = outcomes.map((outcome) => resultText(outcome.result.content));
    expect(texts[0]).toBe('src/deep/c.ts\nsrc/a.ts');
    expect(outcomes[1]!.result.is_error).toBe(true);
    expect(texts[1]).toContain(`Path does not exist: ${path.join(root, 'scr')}`);
    expect(texts[1]).toContain(`Did you mean ${path.join(root, 'src')}`);
    expect(outcomes[2]!.result.is_error).toBe(true);
    expect(texts[2]).toContain('is a file, not a folder');
    await scenario.cleanup();
  });
});
