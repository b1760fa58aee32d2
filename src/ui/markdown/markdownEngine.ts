/**
 * Lazy access to the markdown lexer (marked) and the code highlighter
 * (cli-highlight). Neither is loaded at start-up: the REPL starts loading
 * marked while the session is being set up, and the highlighter only when a
 * fenced code block first appears (it is the heavier of the two).
 *
 * Rendering is synchronous, so components ask for what is loaded *now* and
 * fall back to plain text; the transcript waits for `whenReady()` before it
 * prints anything into <Static>, where there is no second chance.
 */
import type { Token } from 'marked';
import { isNoColorRequested } from '../kit/theme.js';

type Lexer = (text: string) => Token[];
type Highlighter = (code: string, language: string | undefined) => string;

let lexer: Lexer | undefined;
let lexerLoading: Promise<void> | undefined;
let highlighter: Highlighter | undefined;
let highlighterLoading: Promise<void> | undefined;
/** Loaded or failed: either way there is nothing more to wait for. */
let highlighterSettled = false;

const HIGHLIGHT_CACHE_LIMIT = 200;
const highlightCache = new Map<string, string>();

export function loadMarkdownLexer(): Promise<void> {
  lexerLoading ??= import('marked').then((marked) => {
    lexer = (text) => marked.Lexer.lex(text, { gfm: true });
  });
  return lexerLoading;
}

export function loadCodeHighlighter(): Promise<void> {
  if (isNoColorRequested()) return Promise.resolve();
  highlighterLoading ??= import('cli-highlight').then(
    (namespace) => {
      // A CommonJS package: Node exposes its named exports, the bundle only its `default`.
      const { highlight, supportsLanguage } = 'highlight' in namespace && typeof namespace.highlight === 'function' ? namespace : namespace.default;
      highlighter = (code, language) =>
        highlight(code, { language: language && supportsLanguage(language) ? language : undefined, ignoreIllegals: true });
    },
    () => {
      // Highlighting is decoration: without it code blocks print plain.
    },
  ).finally(() => {
    highlighterSettled = true;
  });
  return highlighterLoading;
}

/** The lexer if it has loaded; otherwise callers render plain text and start the load. */
export function loadedLexer(): Lexer | undefined {
  if (!lexer) void loadMarkdownLexer();
  return lexer;
}

const FENCE_OPENING = /^ {0,3}(```|~~~)/m;

/** Resolves once everything needed to render `text` in its final form has loaded. */
export async function whenMarkdownReady(text: string): Promise<void> {
  await loadMarkdownLexer();
  if (FENCE_OPENING.test(text)) await loadCodeHighlighter();
}

export function isMarkdownReady(text: string): boolean {
  if (!lexer) return false;
  return !FENCE_OPENING.test(text) || highlighterSettled || isNoColorRequested();
}

/** Highlighted code as ANSI text, or the code unchanged when no highlighter is available. */
export function highlightCode(code: string, language: string | undefined): string {
  if (!highlighter) {
    if (!isNoColorRequested()) void loadCodeHighlighter();
    return code;
  }
  const key = `${language ?? ''}\u0000${code}`;
  const cached = highlightCache.get(key);
  if (cached !== undefined) return cached;
  let result: string;
  try {
    result = highlighter(code, language);
  } catch {
    result = code;
  }
  if (highlightCache.size >= HIGHLIGHT_CACHE_LIMIT) {
    const oldest = highlightCache.keys().next().value;
    if (oldest !== undefined) highlightCache.delete(oldest);
  }
  highlightCache.set(key, result);
  return result;
}
