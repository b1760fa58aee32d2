/** What the model is told about Edit. Our own words. */

export const EDIT_TOOL_NAME = 'Edit';

export function editToolPrompt(): string {
  return `Replaces one exact piece of text in a file with another.

- Read the file in this session first; Edit refuses files you have not read, and files that changed on disk since you read them (read them again, then redo the edit).
- old_string must be copied exactly from the file, whitespace and indentation included. Read shows each line as a line number, a tab, then the text: copy only what comes after the tab.
- old_string must occur exactly once. If it occurs more often, the error lists the line numbers: include more surrounding lines to make it unique, or set replace_all to true to change every occurrence (handy for renaming a variable).
- new_string must differ from old_string. An empty new_string deletes the text.
- To create a new file, give an empty old_string and the whole content as new_string (or use Write).
- The file keeps its line endings (CRLF stays CRLF), byte-order mark and encoding.
- Curly quotes (‘ ’ “ ”) and straight quotes (' ") are treated as equal when nothing matches exactly; the result says when that happened.
- Prefer Edit over Write for changing existing files: it sends only the change, and the user reviews a small diff.
- Several edits to one file are fine one after another; you do not need to Read again between your own edits.`;
}
