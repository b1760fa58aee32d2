/**
 * Whether a Bash call only reads (runs without asking in default mode) and
 * may run in parallel with other calls. Both come from the real shell
 * analysis in src/permissions/shell, which answers "no" until its parser
 * has loaded — so the parser is loaded as early as possible.
 */
import { getLoadedBashParser, loadBashParser } from '../../permissions/shell/bashParser.js';
import { isReadOnlyCommand } from '../../permissions/shell/isReadOnlyCommand.js';

let preloading: Promise<void> | undefined;

/**
 * Loads the shell parser so the first Bash call is already classified
 * correctly. Call at session start; safe to call many times.
 */
export function preloadBashTool(): Promise<void> {
  preloading ??= loadBashParser().then(
    () => undefined,
    () => {
      // Unavailable parser: every command stays "not read-only" (serial, asks) — safe, only slower.
      preloading = undefined;
    },
  );
  return preloading;
}

export function isReadOnlyBashCommand(command: string): boolean {
  if (!getLoadedBashParser()) void preloadBashTool();
  try {
    return isReadOnlyCommand(command);
  } catch {
    return false;
  }
}

/**
 * A command that may change directory must run alone: its new working
 * directory is carried to later calls only from serial calls. Matching the
 * word anywhere over-approximates, which only costs parallelism.
 */
export function mayChangeDirectory(command: string): boolean {
  return /(^|[^\w.-])(cd|pushd|popd)($|[^\w.-])/.test(command);
}

export function isConcurrencySafeBashCommand(command: string, runInBackground: boolean): boolean {
  if (runInBackground) return false;
  return isReadOnlyBashCommand(command) && !mayChangeDirectory(command);
}
