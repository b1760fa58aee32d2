// How long shell analysis takes: `npx vitest bench --run test/permissions/shellAnalysis.bench.ts`.
// (Measured here, never asserted in unit tests.)
import { bench, describe } from 'vitest';
import { loadBashParser } from '../../src/permissions/shell/bashParser.js';
import { analyzeShellCommandSync } from '../../src/permissions/shell/analyzeShellCommand.js';
import { CHAINING, GROUPING, PATH_QUALIFIED, QUOTING, SHELL_NESTING, SUBSTITUTION, WRAPPERS, XARGS_FIND } from './corpus/shellAttacks.js';
import { DELETION_EQUIVALENTS, EXFILTRATION, INTERPRETERS, MODES_AND_TOOLS, PATHS_AND_DELETION_TARGETS, REDIRECTIONS } from './corpus/effectAttacks.js';
import { SAFE_COMMANDS } from './corpus/safeCommands.js';

await loadBashParser();
const COMMANDS = [CHAINING, GROUPING, PATH_QUALIFIED, QUOTING, SHELL_NESTING, SUBSTITUTION, WRAPPERS, XARGS_FIND, DELETION_EQUIVALENTS, EXFILTRATION, INTERPRETERS, PATHS_AND_DELETION_TARGETS, REDIRECTIONS, MODES_AND_TOOLS, SAFE_COMMANDS]
  .flat()
  .flatMap((c) => (c.command ? [c.command.replaceAll('{root}', '/p').replaceAll('{home}', '/h').replaceAll('{outside}', '/o')] : []));

describe('shell analysis (parse + reduce + classify)', () => {
  bench('typical chain: git status && git diff | head -20', () => {
    analyzeShellCommandSync('git status && git diff | head -20', { cwd: '/p', home: '/h' });
  });
  bench(`every corpus command once (${COMMANDS.length} commands; divide by that for per-command time)`, () => {
    for (const command of COMMANDS) analyzeShellCommandSync(command, { cwd: '/p', home: '/h' });
  });
});
