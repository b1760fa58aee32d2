/** What the model reads about Glob. */
export const GLOB_TOOL_NAME = 'Glob';
export const MAX_GLOB_RESULTS = 100;

export function globPrompt(): string {
  return `Finds files by name with a glob pattern and lists them newest first (most recently modified at the top), at most ${MAX_GLOB_RESULTS}.

- Patterns: \`*\` matches within one folder level, \`**\` across any number of levels, \`?\` one character, \`[abc]\` one of a set, \`{ts,tsx}\` alternatives. Examples: \`**/*.ts\`, \`src/**/*.{ts,tsx}\`, \`**/package.json\`, \`test/*.spec.js\`.
- \`*.ts\` matches only at the top of the search folder; use \`**/*.ts\` to search everywhere below it.
- \`path\` sets the folder to search (default: the current working directory). Results are shown relative to the working directory.
- Files ignored by .gitignore are left out, as are .git and node_modules unless the pattern names them. Hidden files such as .github/ are included.
- To search file contents, use Grep. For open-ended exploration that needs several rounds of searching, narrow down step by step: start broad, then add folders to the pattern.`;
}
