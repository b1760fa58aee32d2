/**
 * Whether a Bash command only reads: decides Bash's isReadOnly and
 * isConcurrencySafe (and what plan mode may run). `git status && git diff`
 * and `ls | wc -l` are read-only; a write redirection, an unknown program,
 * a computed command name, inline code, or anything not understood is not.
 */
import { analyzeShellCommandSync } from './analyzeShellCommand.js';
import { isReadOnlyAnalysis } from './readOnlyAnalysis.js';

export { isReadOnlyAnalysis };

/**
 * Synchronous, for the tool contract's isReadOnly(input). Returns false
 * (fail-closed: serial, asks) until the parser has loaded; call
 * `loadBashParser()` at start-up to have it ready.
 */
export function isReadOnlyCommand(command: string, cwd: string = process.cwd()): boolean {
  const analysis = analyzeShellCommandSync(command, { cwd });
  return analysis !== undefined && isReadOnlyAnalysis(analysis);
}
