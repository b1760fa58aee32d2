/**
 * Grep's input as ripgrep arguments. Filters (case, multiline, globs, file
 * type, .git exclusion) are shared by every phase of a search, so a file
 * listed in the first phase is searched with the same rules in the second.
 */
import { namesFolder } from '../GlobTool/globPattern.js';

export type GrepOutputMode = 'content' | 'files_with_matches' | 'count';

export type GrepInput = {
  readonly pattern: string;
  readonly path?: string;
  readonly glob?: string;
  readonly type?: string;
  readonly output_mode?: GrepOutputMode;
  readonly '-i'?: boolean;
  readonly '-n'?: boolean;
  readonly '-A'?: number;
  readonly '-B'?: number;
  readonly '-C'?: number;
  readonly multiline?: boolean;
  readonly head_limit?: number;
  readonly offset?: number;
};

/** Lines longer than this are shown cut, with rg's marker; minified files would otherwise flood the result. */
export const MAX_LINE_COLUMNS = 500;

/** The pattern and filters, without any output-mode flag. */
export function filterArgs(input: GrepInput): string[] {
  const args = ['--hidden', '--no-require-git', '--no-messages'];
  if (input['-i']) args.push('--ignore-case');
  if (input.multiline) args.push('--multiline', '--multiline-dotall');
  for (const glob of splitGlobs(input.glob)) args.push('--glob', glob);
  if (input.type) args.push('--type', input.type);
  // Last, so that no include glob can bring .git back in.
  if (!namesFolder(`${input.path ?? ''}/${input.glob ?? ''}`, '.git')) args.push('--glob', '!.git/');
  // -e keeps a pattern that starts with "-" from being read as a flag.
  args.push('--regexp', input.pattern);
  return args;
}

export function contentArgs(input: GrepInput): string[] {
  const args = ['--no-heading', '--with-filename', '--color', 'never', '--max-columns', String(MAX_LINE_COLUMNS), '--max-columns-preview'];
  if (input['-n'] ?? true) args.push('--line-number');
  if (input['-C'] !== undefined) args.push('--context', String(input['-C']));
  if (input['-A'] !== undefined) args.push('--after-context', String(input['-A']));
  if (input['-B'] !== undefined) args.push('--before-context', String(input['-B']));
  return args;
}

/** "*.ts *.tsx" or "*.{ts,tsx}": whitespace separates globs; commas inside braces stay. */
export function splitGlobs(glob: string | undefined): string[] {
  if (!glob) return [];
  return glob.split(/\s+/).filter((part) => part !== '');
}
