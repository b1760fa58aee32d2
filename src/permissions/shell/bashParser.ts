/**
 * Loads tree-sitter-bash (WASM) once, on first use.
 *
 * Why tree-sitter: it is error-tolerant (a partial or hostile command still
 * yields a tree whose ERROR/MISSING nodes tell us exactly what was not
 * understood), it is the grammar other shell-aware agents use, it initialises
 * in ~25 ms and, being WASM, needs no native build. It is loaded with a
 * dynamic import so the headless start-up path never pays for it unless a
 * shell command actually needs analysing.
 */
import { createRequire } from 'node:module';
import type { Node as SyntaxNode, Parser, Tree } from 'web-tree-sitter';

export type { SyntaxNode, Tree };

export type BashParser = {
  /** Parses synchronously; the caller must `delete()` nothing: trees are freed by `parseBash`. */
  readonly parse: (source: string) => Tree | null;
};

let loading: Promise<BashParser> | undefined;
let loaded: BashParser | undefined;

/** Initialises the parser once; later calls return the same promise. */
export function loadBashParser(): Promise<BashParser> {
  loading ??= initialise().then((parser) => {
    loaded = parser;
    return parser;
  });
  return loading;
}

/** The parser if it has finished loading, for synchronous callers (e.g. Bash's isReadOnly). */
export function getLoadedBashParser(): BashParser | undefined {
  return loaded;
}

async function initialise(): Promise<BashParser> {
  const require = createRequire(import.meta.url);
  const treeSitter = await import('web-tree-sitter');
  const runtimeWasm = require.resolve('web-tree-sitter/tree-sitter.wasm');
  await treeSitter.Parser.init({ locateFile: () => runtimeWasm });
  const bash = await treeSitter.Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
  const parser: Parser = new treeSitter.Parser();
  parser.setLanguage(bash);
  return { parse: (source) => parser.parse(source) };
}
