/**
 * Glob: files whose path matches a pattern, newest first, at most 100.
 * Read-only and safe to run in parallel.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import { describeMissingDirectory, displayPath } from '../GrepTool/searchPaths.js';
import { findFiles, type FindFilesResult } from './findFiles.js';
import { planGlob, searchRootOf } from './globPattern.js';
import { GLOB_TOOL_NAME, globPrompt, MAX_GLOB_RESULTS } from './prompt.js';
import { formatCount } from '../../utils/format.js';
import { monotonicMs } from '../../utils/clock.js';

export type GlobInput = { readonly pattern: string; readonly path?: string };

export type GlobResult = {
  readonly pattern: string;
  readonly searchRoot: string;
  /** Newest first, relative to the working directory when inside it. */
  readonly files: readonly string[];
  readonly totalMatches: number;
  readonly truncated: boolean;
  readonly durationMs: number;
};

export const GlobTool = buildTool<GlobInput, GlobResult>({
  name: GLOB_TOOL_NAME,
  searchHint: 'find files by name pattern',
  inputSchema: () =>
    z.strictObject({
      pattern: z.string().describe('The glob pattern, e.g. "**/*.ts" or "src/**/index.{js,ts}"'),
      path: z.string().optional().describe('The folder to search in (default: the current working directory)'),
    }),
  description: (input) => `Find files matching ${input?.pattern ?? 'a pattern'}`,
  prompt: () => globPrompt(),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  family: 'read',
  // Glob lists names under its search root; it reads no file's content, so the root alone is declared.
  declareFacts: (input, scope) => ({ paths: [{ path: path.resolve(scope.cwd, searchRootOf(input.pattern, input.path)), access: 'read' }] }),
  async validateInput(input, context) {
    if (input.pattern.trim() === '') return { result: false, message: 'The pattern is empty. Pass a glob such as "**/*.ts".' };
    const root = path.resolve(context.cwd, input.path ?? '.');
    if (!isDirectory(root)) return { result: false, message: describeMissingDirectory(root, context.cwd) };
    return { result: true };
  },
  mapToolResultToToolResultBlockParam: (data, toolUseId) => ({
    type: 'tool_result',
    tool_use_id: toolUseId,
    content: globResultText(data),
  }),
  ui: () => import('./UI.js'),
  async call(input, context) {
    const started = monotonicMs();
    const searchRoot = path.resolve(context.cwd, input.path ?? '.');
    const plan = planGlob(input.pattern, searchRoot);
    let found: FindFilesResult;
    if (plan.kind === 'literal') {
      found = isFile(plan.target) ? { files: [{ path: plan.target, mtimeMs: 0 }], totalMatches: 1 } : { files: [], totalMatches: 0 };
    } else if (!isDirectory(plan.baseDir)) {
      found = { files: [], totalMatches: 0 };
    } else {
      found = await findFiles({ plan, pattern: input.pattern, limit: MAX_GLOB_RESULTS, signal: context.abortSignal });
    }
    return {
      data: {
        pattern: input.pattern,
        searchRoot,
        files: found.files.map((file) => displayPath(file.path, context.cwd)),
        totalMatches: found.totalMatches,
        truncated: found.totalMatches > found.files.length,
        durationMs: Math.round(monotonicMs() - started),
      },
    };
  },
});

function globResultText(data: GlobResult): string {
  if (data.files.length === 0) return `No files found matching ${data.pattern} in ${data.searchRoot}.`;
  const lines = [...data.files];
  if (data.truncated) {
    lines.push(
      `(Showing the ${data.files.length} most recently modified of ${formatCount(data.totalMatches)} matching files. Use a more specific pattern or path to see others.)`,
    );
  }
  return lines.join('\n');
}

function isDirectory(target: string): boolean {
  try {
    return statSync(target).isDirectory();
  } catch {
    return false;
  }
}

function isFile(target: string): boolean {
  try {
    return statSync(target).isFile();
  } catch {
    return false;
  }
}
