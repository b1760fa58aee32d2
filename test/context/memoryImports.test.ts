// AGENTS.md beside CLAUDE.md, and @path imports inside memory files.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { memoryGateFor } from '../support/memoryGate.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importReferences, MAX_IMPORT_DEPTH } from '../../src/context/memoryImports.js';
import { loadMemoryFiles, memoryFileText } from '../../src/context/memoryFiles.js';
import { loadPermissionRules } from '../../src/permissions/loadPermissionRules.js';

let dir: string;
let configDir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-imports-'));
  configDir = path.join(dir, 'config');
  await mkdir(configDir);
  await mkdir(path.join(dir, 'repo', '.git'), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});
const repo = () => path.join(dir, 'repo');
const load = () => loadMemoryFiles({ cwd: repo(), projectRoot: repo(), configDir, gate: memoryGateFor({ cwd: repo(), configDir }) });

describe('memory imports', () => {
  it.each([
    ['See @docs/style.md for style.', ['docs/style.md']],
    ['@README and @./notes.md and @~/me.md and @/abs/x.md', ['README', './notes.md', '~/me.md', '/abs/x.md']],
    ['mail me@example.com', []],
    ['use `@decorator` in code', []],
    ['```\n@Component\n```\n@real.md', ['real.md']],
    ['a lone @ sign', []],
  ])('%j names %j', (text, expected) => {
    expect(importReferences(text)).toEqual(expected);
  });

  it('follows imports relative to the importing file, depth first, each once', async () => {
    await mkdir(path.join(repo(), 'docs'));
    await writeFile(path.join(repo(), 'CLAUDE.md'), 'Main rules. See @docs/style.md and @docs/style.md again.\n');
    await writeFile(path.join(repo(), 'docs', 'style.md'), 'STYLE: tabs. Also @../shared.md\n');
    await writeFile(path.join(repo(), 'shared.md'), 'SHARED NOTES\n');
    const [file] = await load();
    expect(file!.imports.map((item) => path.relative(repo(), item.path))).toEqual([path.join('docs', 'style.md'), 'shared.md']);
    const text = memoryFileText(file!);
    expect(text).toContain(`Imported from ${path.join(repo(), 'docs', 'style.md')} (by @docs/style.md in ${path.join(repo(), 'CLAUDE.md')})`);
    expect(text).toContain('SHARED NOTES');
    expect(file!.importProblems).toEqual([]);
  });

  it('reports missing files, cycles and chains deeper than the limit, and still loads the rest', async () => {
    await writeFile(path.join(repo(), 'CLAUDE.md'), '@missing.md @a.md @deep0.md\n');
    await writeFile(path.join(repo(), 'a.md'), 'A imports @b.md\n');
    await writeFile(path.join(repo(), 'b.md'), 'B imports @a.md\n');
    for (let index = 0; index <= MAX_IMPORT_DEPTH + 1; index++) await writeFile(path.join(repo(), `deep${index}.md`), `level ${index} @deep${index + 1}.md\n`);
    const [file] = await load();
    expect(file!.importProblems.some((problem) => problem.includes('@missing.md was not found'))).toBe(true);
    expect(file!.importProblems.some((problem) => problem.includes('@a.md imports a file that is already importing it'))).toBe(true);
    expect(file!.importProblems.some((problem) => problem.includes(`more than ${MAX_IMPORT_DEPTH} imports deep`))).toBe(true);
    expect(memoryFileText(file!)).toContain('B imports');
    expect(memoryFileText(file!)).toContain('level 4');
  });
});

describe('AGENTS.md', () => {
  it('is read wherever CLAUDE.md is, as instructions, but its lines are never permission rules', async () => {
    await writeFile(path.join(repo(), 'AGENTS.md'), 'Run make test.\ndeny: Bash(make:*)\n');
    await writeFile(path.join(configDir, 'AGENTS.md'), 'User-wide agent notes.\n');
    const files = await load();
    expect(files.map((file) => path.basename(file.path))).toEqual(['AGENTS.md', 'AGENTS.md']);
    expect(files.map((file) => file.scope)).toEqual(['user', 'project']);
    const loaded = await loadPermissionRules({ cwd: repo(), configDir, allowedTools: [], disallowedTools: [], memoryFiles: Promise.resolve(files) });
    expect(loaded.rules).toEqual([]);
    expect(loaded.errors).toEqual([]);
  });
});
