/**
 * Grep: a ripgrep search of file contents, in pages with a stable order.
 * Read-only and safe to run in parallel; rg is killed on abort and as soon
 * as a page is full.
 */
import path from 'node:path';
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import { DEFAULT_HEAD_LIMIT, GREP_TOOL_NAME, grepPrompt } from './prompt.js';
import type { GrepInput, GrepOutputMode } from './ripgrepArgs.js';
import { MAX_LISTED_FILES, RipgrepError, searchContent, type GrepOutcome } from './searchContent.js';
import { describeMissingPath, exists } from './searchPaths.js';
import { formatCount, plural } from '../../utils/format.js';

export type { GrepInput } from './ripgrepArgs.js';

export type GrepResult = GrepOutcome & {
  readonly pattern: string;
  /** The searched folder or file (absolute). */
  readonly searchRoot: string;
  readonly offset: number;
  readonly headLimit: number;
};

const contextLines = () => z.number().int().min(0).max(1_000);

export const GrepTool = buildTool<GrepInput, GrepResult>({
  name: GREP_TOOL_NAME,
  searchHint: 'search file contents regex ripgrep',
  inputSchema: () =>
    z.strictObject({
      pattern: z.string().describe('The regular expression to search for (ripgrep syntax)'),
      path: z.string().optional().describe('File or folder to search (default: the current working directory)'),
      glob: z.string().optional().describe('Only files matching this glob, e.g. "*.ts" or "*.{ts,tsx}"'),
      type: z.string().optional().describe('Only files of this ripgrep type, e.g. "js", "py", "rust"'),
      output_mode: z
        .enum(['content', 'files_with_matches', 'count'])
        .optional()
        .describe('files_with_matches (default), content (matching lines) or count'),
      '-i': z.boolean().optional().describe('Ignore case'),
      '-n': z.boolean().optional().describe('Line numbers in content mode (default true)'),
      '-A': contextLines().optional().describe('Lines to show after each match (content mode)'),
      '-B': contextLines().optional().describe('Lines to show before each match (content mode)'),
      '-C': contextLines().optional().describe('Lines to show before and after each match (content mode)'),
      multiline: z.boolean().optional().describe('Let the pattern match across lines'),
      head_limit: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe(`Items per page (default ${DEFAULT_HEAD_LIMIT}; 0 for no limit)`),
      offset: z.number().int().min(0).optional().describe('Items to skip before the page starts (default 0)'),
    }),
  description: (input) => `Search for ${input?.pattern ?? 'a pattern'}`,
  prompt: () => grepPrompt(),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  maxResultSizeChars: 40_000,
  family: 'read',
  // Grep reads the content of every file below its path, so files a Read rule protects there count.
  declareFacts: (input, scope) => ({ paths: [{ path: path.resolve(scope.cwd, input.path ?? '.'), access: 'read', recursive: true }] }),
  async validateInput(input, context) {
    if (input.pattern === '') return { result: false, message: 'The pattern is empty. Pass the regular expression to search for.' };
    const root = path.resolve(context.cwd, input.path ?? '.');
    if (!exists(root)) return { result: false, message: describeMissingPath(root, context.cwd) };
    return { result: true };
  },
  mapToolResultToToolResultBlockParam: (data, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: grepResultText(data),
  }),
  ui: () => import('./UI.js'),
  async call(input, context) {
    const searchRoot = path.resolve(context.cwd, input.path ?? '.');
    const headLimit = input.head_limit ?? DEFAULT_HEAD_LIMIT;
    const offset = input.offset ?? 0;
    let outcome: GrepOutcome;
    try {
      outcome = await searchContent({
        input,
        cwd: context.cwd,
        searchRoot,
        offset,
        limit: headLimit === 0 ? Number.POSITIVE_INFINITY : headLimit,
        signal: context.abortSignal,
      });
    } catch (error) {
      if (error instanceof RipgrepError) throw new Error(explainRipgrepError(error.message));
      throw error;
    }
    return {
      data: { ...outcome, pattern: input.pattern, searchRoot, offset, headLimit },
    };
  },
});

function grepResultText(data: GrepResult): string {
  if (data.numFiles === 0 || (data.lines.length === 0 && data.offset === 0)) {
    return `No matches found for /${data.pattern}/ in ${data.searchRoot}.`;
  }
  if (data.lines.length === 0) {
    return `No results at offset ${data.offset}: there are ${data.totalItems ?? 'fewer'} ${itemName(data.mode)} in all. Use a smaller offset.`;
  }
  const header = headerLine(data);
  const footer = pagingNote(data);
  return [header, ...data.lines, ...(footer ? [footer] : [])].filter((line) => line !== '').join('\n');
}

function headerLine(data: GrepResult): string {
  if (data.mode === 'files_with_matches') return `Found ${plural(data.numFiles, 'file')} (newest first)`;
  if (data.mode === 'count') return `Found ${plural(data.numMatches ?? 0, 'match', 'matches')} in ${plural(data.numFiles, 'file')}`;
  return '';
}

function pagingNote(data: GrepResult): string | undefined {
  const notes: string[] = [];
  const first = data.offset + 1;
  const last = data.offset + data.lines.filter((line) => line !== '--').length;
  if (data.moreAvailable) {
    const total = data.totalItems === undefined ? 'more exist' : `of ${formatCount(data.totalItems)}`;
    notes.push(
      `[Showing ${itemName(data.mode)} ${first}–${last}, ${total}. Pass offset: ${last} for the next page, or narrow the search with path, glob or type.]`,
    );
  } else if (data.offset > 0) {
    notes.push(`[Showing ${itemName(data.mode)} ${first}–${last}; this is the last page.]`);
  }
  if (data.fileListCapped) {
    notes.push(`[Only the first ${formatCount(MAX_LISTED_FILES)} matching files were considered; narrow the search.]`);
  }
  return notes.length > 0 ? notes.join('\n') : undefined;
}

function itemName(mode: GrepOutputMode): string {
  return mode === 'content' ? 'lines' : 'files';
}


function explainRipgrepError(stderr: string): string {
  const message = stderr.replace(/^rg: /gm, '');
  if (/regex parse error|error parsing regex/i.test(message)) {
    return `The pattern is not a valid regular expression (ripgrep syntax):\n${message}\nEscape special characters such as ( ) [ ] { } . * + ? | with a backslash to match them literally.`;
  }
  if (/unrecognized file type/i.test(message)) {
    return `${message}\nUse a ripgrep file type such as js, ts, py, rust, go, java, or filter with glob instead (e.g. "*.vue").`;
  }
  if (/error parsing glob/i.test(message)) return `The glob is not valid: ${message}`;
  return `ripgrep failed: ${message}`;
}
