/**
 * The registry of option tables: which programs (and git subcommands) have
 * a grammar, compiled and checked against their own examples on first use.
 * A program with no table here can never be auto-allowed.
 */
import { BUILTIN_TABLES } from './builtinTables.js';
import { FILE_TABLES } from './fileTables.js';
import { GIT_SUBCOMMAND_TABLES } from './gitTables.js';
import { checkTableExamples, compileTable, parseWithTable, type CompiledTable, type ParsedArguments, type ProgramTable } from './optionTable.js';
import { READER_TABLES } from './readerTables.js';
import { SHELL_TABLES } from './shellTables.js';
import type { ExpandedWord } from '../wordExpansion.js';

type Registry = { readonly programs: ReadonlyMap<string, CompiledTable>; readonly git: ReadonlyMap<string, CompiledTable> };

let registry: Registry | undefined;

function index(tables: readonly ProgramTable[], label: string): Map<string, CompiledTable> {
  const byName = new Map<string, CompiledTable>();
  for (const table of tables) {
    const compiled = compileTable(table);
    for (const program of table.programs) {
      if (byName.has(program)) throw new Error(`${label}: ${program} has two option tables`);
      byName.set(program, compiled);
    }
  }
  return byName;
}

/** Compiles every table and checks its examples; a table that contradicts its examples is a programmer error. */
function loadRegistry(): Registry {
  if (registry) return registry;
  const programs = index([...READER_TABLES, ...BUILTIN_TABLES, ...FILE_TABLES, ...SHELL_TABLES], 'option tables');
  const git = index(GIT_SUBCOMMAND_TABLES, 'git option tables');
  const failures = [...new Set([...programs.values(), ...git.values()])].flatMap(checkTableExamples);
  if (failures.length > 0) throw new Error(`option tables contradict their examples:\n${failures.join('\n')}`);
  registry = { programs, git };
  return registry;
}

export function tableFor(program: string): CompiledTable | undefined {
  return loadRegistry().programs.get(program);
}

export function gitSubcommandTable(subcommand: string): CompiledTable | undefined {
  return loadRegistry().git.get(subcommand);
}

/** Parses by the program's table; a program without one gets a single problem saying so. */
export function parseProgramArguments(program: string, args: readonly ExpandedWord[]): ParsedArguments {
  const compiled = tableFor(program);
  if (compiled) return parseWithTable(compiled, args);
  return { options: [], operands: [...args], dynamicWords: args.filter((word) => word.kind === 'dynamic'), problems: [`${program} has no option table`] };
}

/** Every table, for the test that checks all of them. */
export function allTables(): readonly CompiledTable[] {
  const { programs, git } = loadRegistry();
  return [...new Set([...programs.values(), ...git.values()])];
}
