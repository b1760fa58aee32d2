/**
 * Size control (pipeline step 7): a result over the tool's maxResultSizeChars
 * is written in full to the session's tool-results folder and the model gets
 * a head-and-tail preview plus the path, so one huge output cannot flood the
 * context window yet nothing is lost.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { toolResultsDir, type SessionInfo } from '../../contract/tool.js';
import type { ToolResultBlockParam } from '../../types/messages.js';
import { formatCount } from '../../utils/format.js';

const PREVIEW_HEAD_CHARS = 8_000;
const PREVIEW_TAIL_CHARS = 4_000;

export function resultTextLength(content: ToolResultBlockParam['content']): number {
  if (content === undefined) return 0;
  if (typeof content === 'string') return content.length;
  return content.reduce((total, block) => total + (block.type === 'text' ? block.text.length : 0), 0);
}

function resultText(content: ToolResultBlockParam['content']): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

export async function persistLargeResult(
  result: ToolResultBlockParam,
  maxChars: number,
  session: SessionInfo,
): Promise<ToolResultBlockParam> {
  const length = resultTextLength(result.content);
  if (!Number.isFinite(maxChars) || length <= maxChars) return result;

  const text = resultText(result.content);
  const file = path.join(toolResultsDir(session), `${safeFileName(result.tool_use_id)}.txt`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text, 'utf8');

  const budget = Math.max(1_000, Math.min(maxChars, PREVIEW_HEAD_CHARS + PREVIEW_TAIL_CHARS));
  const headChars = Math.floor((budget * 2) / 3);
  const tailChars = budget - headChars;
  const preview = [
    `<output too large: ${formatCount(length)} characters, over this tool's limit of ${formatCount(maxChars)}.`,
    `The full output was saved to ${file} — use Read with offset/limit, or Grep, on that file to see the rest.>`,
    `--- first ${formatCount(headChars)} characters ---`,
    text.slice(0, headChars),
    `--- last ${formatCount(tailChars)} characters ---`,
    text.slice(-tailChars),
  ].join('\n');
  return { ...result, content: preview };
}

/** tool_use ids come from the model's stream; never let one escape the folder. */
function safeFileName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100) || 'result';
}
