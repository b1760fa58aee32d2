/**
 * Whether an analysed shell command only reads. Kept apart from the
 * analyser itself (a type-only import) so Bash's isReadOnly can be imported
 * at start-up without loading the analyser, which loads with the first
 * Bash call or while the first request is in flight.
 */
import type { ShellCommandAnalysis } from './analyzeShellCommand.js';

export function isReadOnlyAnalysis(analysis: ShellCommandAnalysis): boolean {
  if (analysis.concerns.length > 0) return false;
  return analysis.commands.every(({ effects }) => effects.kind === 'read-only' && effects.paths.every((p) => p.access === 'read'));
}
