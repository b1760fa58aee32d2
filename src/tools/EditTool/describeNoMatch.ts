/**
 * Why old_string did not match, as precisely as can be told cheaply, so the
 * model's next attempt is right instead of another guess: Read's line-number
 * prefixes pasted into old_string, indentation that differs, or a first line
 * that matches while the rest has drifted.
 */

const READ_PREFIX = /^ *\d+\t/;
const MAX_LINES_LISTED = 5;

function lines(text: string): string[] {
  return text.split('\n').map((line) => line.replace(/\r$/, ''));
}

/** First 1-based line where the search's lines match the content's lines once whitespace is ignored. */
function findIgnoringWhitespace(contentLines: readonly string[], searchLines: readonly string[]): number | undefined {
  const squash = (line: string) => line.replace(/\s+/g, ' ').trim();
  const wanted = searchLines.map(squash);
  while (wanted.length > 1 && wanted.at(-1) === '') wanted.pop();
  if (wanted.every((line) => line === '')) return undefined;
  const squashed = contentLines.map(squash);
  outer: for (let start = 0; start + wanted.length <= squashed.length; start++) {
    for (let offset = 0; offset < wanted.length; offset++) {
      if (squashed[start + offset] !== wanted[offset]) continue outer;
    }
    return start + 1;
  }
  return undefined;
}

export function describeNoMatch(content: string, search: string, shownPath: string): string {
  const head = `old_string was not found in ${shownPath}.`;
  const searchLines = lines(search);
  if (searchLines.filter((line) => line !== '').every((line) => READ_PREFIX.test(line))) {
    return `${head} It looks like it includes the line-number prefixes from Read's output (spaces, a number, a tab). Those are not in the file: use only the text after the tab.`;
  }
  const contentLines = lines(content);
  const loose = findIgnoringWhitespace(contentLines, searchLines);
  if (loose !== undefined) {
    return `${head} Text matching it except for whitespace (indentation, tabs versus spaces, trailing spaces) starts at line ${loose}. Copy the exact whitespace from the file — Read around line ${loose} if needed.`;
  }
  const firstLine = searchLines.find((line) => line.trim() !== '')?.trim();
  if (firstLine !== undefined) {
    const found: number[] = [];
    contentLines.forEach((line, index) => {
      if (found.length <= MAX_LINES_LISTED && line.includes(firstLine)) found.push(index + 1);
    });
    if (found.length > 0) {
      const where = found.length > MAX_LINES_LISTED ? `${found.slice(0, MAX_LINES_LISTED).join(', ')}, …` : found.join(', ');
      return `${head} Its first line does occur (line ${where}), but the lines after it differ from old_string. Read the file around there again and copy the current text exactly.`;
    }
  }
  return `${head} The file may have changed, or old_string may not be an exact copy of its text. Read the file again and copy the text to replace exactly, including whitespace.`;
}
