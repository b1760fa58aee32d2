/** What the model is told about Write. Our own words. */

export const WRITE_TOOL_NAME = 'Write';

export function writeToolPrompt(): string {
  return `Writes a whole file: creates it, or replaces everything in it.

- file_path should be absolute; a path relative to the current working directory also works. Missing parent directories are created.
- Creating a new file needs nothing else. Replacing an existing file requires that you Read all of it in this session and that it has not changed since; otherwise Write refuses and tells you to read it (again).
- To change part of an existing file, use Edit instead: it sends only the change and keeps the rest exactly as it is.
- An existing file keeps its line endings (CRLF stays CRLF), byte-order mark and encoding.
- Only create files the task needs. Do not create documentation or README files unless asked.`;
}
