/**
 * How a tool call looks when its tool has no UI.tsx (MCP tools, tools whose
 * renderers have not loaded, unknown names): the most telling input field
 * in the parentheses and the first lines of the result text.
 */

/** Fields that usually say what a call is about, most telling first. */
const TELLING_FIELDS = ['command', 'file_path', 'path', 'pattern', 'url', 'query', 'prompt', 'description', 'name'];

export function summarizeToolInput(input: unknown, maxChars: number): string {
  if (input === undefined || input === null) return '';
  if (typeof input !== 'object') return truncateOneLine(String(input), maxChars);
  const record = input as Record<string, unknown>;
  const telling = TELLING_FIELDS.find((field) => typeof record[field] === 'string' && record[field] !== '');
  if (telling) return truncateOneLine(String(record[telling]), maxChars);
  const parts = Object.entries(record)
    .filter(([, value]) => value !== undefined && (typeof value !== 'object' || value === null))
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`);
  return truncateOneLine(parts.join(', '), maxChars);
}

export function truncateOneLine(text: string, maxChars: number): string {
  const line = text.replace(/\s*\n\s*/g, ' ⏎ ').trim();
  const limit = Math.max(8, maxChars);
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}

export type ResultPreview = { readonly lines: readonly string[]; readonly hiddenLines: number };

/** The first lines of a result, the rest counted so the user knows there is more (Ctrl+O shows it all); verbose: all of it. */
export function previewResultText(text: string, options: { readonly verbose: boolean; readonly columns: number }): ResultPreview {
  const all = text.replace(/\s+$/, '').split('\n');
  const limit = options.verbose ? all.length : 3;
  const width = Math.max(20, options.columns - 6);
  const lines = all.slice(0, limit).map((line) => (line.length > width * 3 ? `${line.slice(0, width * 3 - 1)}…` : line));
  return { lines, hiddenLines: Math.max(0, all.length - limit) };
}
