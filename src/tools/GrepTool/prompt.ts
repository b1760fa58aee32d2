/** What the model reads about Grep. */
export const GREP_TOOL_NAME = 'Grep';
export const DEFAULT_HEAD_LIMIT = 250;

export function grepPrompt(): string {
  return `Searches file contents with a regular expression, using ripgrep. Use it instead of running grep or rg through Bash.

- \`pattern\` is a ripgrep (Rust) regular expression: \`log.*Error\`, \`function\\s+\\w+\`, \`\\bTODO\\b\`. Escape regex characters to match them literally: \`interface\\{\\}\` finds \`interface{}\`, \`foo\\(\` finds \`foo(\`.
- \`path\`: a folder or a single file (default: the current working directory). Files ignored by .gitignore and the .git folder are skipped; hidden files are searched.
- Narrow with \`glob\` (\`*.ts\`, \`*.{ts,tsx}\`, \`src/**/*.py\`; several separated by spaces) or \`type\` (ripgrep file types: js, ts, py, rust, go, java ...). Prefer \`type\` when it fits.
- \`output_mode\`:
  - \`files_with_matches\` (default): the paths of matching files, most recently modified first.
  - \`content\`: the matching lines as path:line:text (line numbers on by default; \`-n: false\` turns them off). \`-A\`, \`-B\`, \`-C\` add lines after, before, or around each match.
  - \`count\`: matches per file.
- \`-i: true\` ignores case. \`multiline: true\` lets a pattern span lines (\`.\` then matches newlines too), e.g. \`struct \\w+ \\{[\\s\\S]*?field\`.
- Results come in pages: \`head_limit\` items per page (default ${DEFAULT_HEAD_LIMIT}; 0 for no limit) starting at \`offset\` (default 0). The order is stable, so \`offset: 250\` continues where the first page ended. Lines longer than 500 characters are cut.
- For broad questions that need many rounds of searching, start with files_with_matches, then look at the promising files with content mode or Read.`;
}
