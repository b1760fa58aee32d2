/**
 * Where headless prompts come from: the argument, or stdin (plain text, or
 * one JSON user message per line with --input-format stream-json).
 */
import { UserFacingError } from '../utils/errors.js';

export type InputFormat = 'text' | 'stream-json';

export async function* headlessPrompts(
  argument: string | undefined,
  inputFormat: InputFormat,
  stdin: NodeJS.ReadStream = process.stdin,
): AsyncGenerator<string> {
  if (inputFormat === 'stream-json') {
    // Loaded here: `-p "prompt"` never reads lines, and every module before the first request counts.
    const { createInterface } = await import('node:readline');
    let lineNumber = 0;
    for await (const line of createInterface({ input: stdin, crlfDelay: Infinity })) {
      lineNumber++;
      if (!line.trim()) continue;
      yield promptFromJsonLine(line, lineNumber);
    }
    return;
  }
  if (argument !== undefined && argument.trim() !== '') {
    yield argument;
    return;
  }
  if (stdin.isTTY) throw new UserFacingError('no prompt given: pass it as an argument (agentcli -p "...") or pipe it on stdin.');
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) throw new UserFacingError('no prompt given: stdin was empty.');
  yield text;
}

function promptFromJsonLine(line: string, lineNumber: number): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new UserFacingError(`stdin line ${lineNumber} is not valid JSON (--input-format stream-json expects one JSON message per line).`);
  }
  const message = typeof parsed === 'object' && parsed !== null && 'message' in parsed ? parsed.message : undefined;
  const content = typeof message === 'object' && message !== null && 'content' in message ? message.content : undefined;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const text = content
      .map((block: unknown) =>
        typeof block === 'object' && block !== null && 'text' in block && typeof block.text === 'string' ? block.text : '',
      )
      .join('');
    if (text) return text;
  }
  throw new UserFacingError(
    `stdin line ${lineNumber} is not a user message: expected {"type":"user","message":{"role":"user","content":"..."}}.`,
  );
}
