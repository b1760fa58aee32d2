/** What the model is told about Read. Our own words. */
import { DEFAULT_READ_LINES } from './readTextFile.js';

export const READ_TOOL_NAME = 'Read';

export function readToolPrompt(): string {
  return `Reads a file from the local file system and shows it to you.

- file_path should be absolute; a path relative to the current working directory also works.
- Text comes back numbered like \`cat -n\`: the line number, a tab, then the line. The number and the tab are not part of the file — never copy them into an Edit.
- Up to ${DEFAULT_READ_LINES} lines are returned per call. For longer files, use offset (the 1-based line to start at) and limit (how many lines); the result tells you the offset to continue from. Files over 256 KB must be read this way — search them with Grep first to find the lines you need.
- Lines longer than 2000 characters are cut, with a marker saying so.
- Images (PNG, JPEG, GIF, WebP) are shown to you as images, so you can look at screenshots and diagrams.
- Jupyter notebooks (.ipynb) are shown as cells with their outputs; there offset and limit count cells.
- Binary files cannot be read; directories cannot either — use Glob or \`ls\` through Bash for those.
- Reading a file is required before you Write over it or Edit it, and it is cheap: when several files may be relevant, read them in one turn (several Read calls at once run in parallel).`;
}
