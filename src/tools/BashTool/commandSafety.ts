/**
 * Whether a Bash call only reads (runs without asking in default mode) and
 * may run in parallel with other calls. Both are read from the call's shell
 * analysis, made once when the call was prepared (declareShellFacts).
 */
import type { CallFacts, CallScope, PreparedCall } from '../../contract/tool.js';
import { isReadOnlyAnalysis } from '../../permissions/shell/readOnlyAnalysis.js';

/**
 * The shell analyser (~130 kB of tables and reducers) and its wasm parser
 * load on first use, not at start-up: a session that runs no command never
 * compiles them, and one that does has them loaded while the first model
 * request is in flight (preloadBashTool).
 */
let analyserLoading: Promise<typeof import('../../permissions/shell/analyzeShellCommand.js')> | undefined;
const loadAnalyser = () => (analyserLoading ??= import('../../permissions/shell/analyzeShellCommand.js'));

let preloading: Promise<void> | undefined;

/**
 * Loads the shell analyser and parser while the first model request is in
 * flight, so the first Bash call does not wait for them. Safe to call many times.
 */
export function preloadBashTool(): Promise<void> {
  preloading ??= Promise.all([loadAnalyser(), import('../../permissions/shell/bashParser.js').then(({ loadBashParser }) => loadBashParser())]).then(
    () => undefined,
    () => {
      // Unavailable parser: preparation declares no analysis and every command asks — safe, only slower.
      preloading = undefined;
    },
  );
  return preloading;
}

/** The one shell analysis of this call, against the directory it runs in. */
export async function declareShellFacts(command: string, scope: CallScope): Promise<CallFacts> {
  try {
    const { analyzeShellCommand } = await loadAnalyser();
    return { shell: await analyzeShellCommand(command, { cwd: scope.cwd, home: scope.home }) };
  } catch {
    // No analysis: the permission system treats the command as not understood (it asks).
    return {};
  }
}

export function isReadOnlyBashCall(call: PreparedCall<{ readonly command: string }>): boolean {
  return call.facts.shell !== undefined && isReadOnlyAnalysis(call.facts.shell);
}

/**
 * A command that may change directory must run alone: its new working
 * directory is carried to later calls only from serial calls. Matching the
 * word anywhere over-approximates, which only costs parallelism.
 */
export function mayChangeDirectory(command: string): boolean {
  return /(^|[^\w.-])(cd|pushd|popd)($|[^\w.-])/.test(command);
}

export function isConcurrencySafeBashCall(call: PreparedCall<{ readonly command: string; readonly run_in_background?: boolean }>): boolean {
  if (call.input.run_in_background === true) return false;
  return isReadOnlyBashCall(call) && !mayChangeDirectory(call.input.command);
}
