// Every option table is checked against the examples it carries, and the
// parser's GNU rules (bundles, attached values, unique prefixes) are pinned.
import { describe, expect, it } from 'vitest';
import { checkTableExamples, compileTable, parseWithTable } from '../../src/permissions/shell/options/optionTable.js';
import { allTables, tableFor } from '../../src/permissions/shell/options/programTables.js';
import type { ExpandedWord } from '../../src/permissions/shell/wordExpansion.js';

const words = (line: string): ExpandedWord[] => line.split(' ').filter(Boolean).map((text) => ({ kind: 'static', text, isGlob: false, masked: { chars: text, quoted: [...text].map(() => true) } }));

describe('option tables', () => {
  it('every table accepts and rejects its own examples', () => {
    const tables = allTables();
    expect(tables.length).toBeGreaterThan(100);
    expect(tables.flatMap(checkTableExamples)).toEqual([]);
    for (const table of tables) expect(table.table.accept.length + table.table.reject.length, table.table.programs[0]).toBeGreaterThan(0);
  });

  it('a table whose example contradicts it is reported', () => {
    const broken = compileTable({ programs: ['x'], options: 'a', operands: 'read', accept: ['-b'], reject: ['-a'] });
    expect(checkTableExamples(broken)).toHaveLength(2);
  });

  it('resolves a GNU unique prefix to the long option it abbreviates', () => {
    const table = tableFor('tar');
    if (!table) throw new Error('no tar table');
    const parsed = parseWithTable(table, words('--creat --file a.tar src'));
    expect(parsed.options.map((o) => o.name)).toEqual(['--create', '--file']);
    expect(parsed.options[1]?.value?.text).toBe('a.tar');
    expect(parsed.operands.map((w) => w.text)).toEqual(['src']);
  });

  it('an ambiguous prefix is not understood', () => {
    const table = tableFor('grep');
    if (!table) throw new Error('no grep table');
    expect(parseWithTable(table, words('--exclude x f')).problems).toEqual([]);
    expect(parseWithTable(table, words('--ex x f')).problems[0]).toMatch(/ambiguous/);
  });

  it('bundled short options end at the first that takes a value', () => {
    const table = tableFor('jq');
    if (!table) throw new Error('no jq table');
    const parsed = parseWithTable(table, words('-nf secrets/key.txt'));
    expect(parsed.options.map((o) => [o.name, o.value?.text])).toEqual([['-n', undefined], ['-f', 'secrets/key.txt']]);
  });

  it('a program option value is never understood', () => {
    const table = tableFor('rg');
    if (!table) throw new Error('no rg table');
    expect(parseWithTable(table, words('--pre=./x foo')).problems[0]).toMatch(/names a program/);
  });
});
