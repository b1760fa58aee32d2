/**
 * Best-effort parsing of a tool's input JSON while it is still streaming, so
 * the tool line can show `Bash(npm te` before the call is complete. Keeps
 * every complete member, closes an unfinished string value, and drops an
 * unfinished key or literal. Returns undefined when nothing usable arrived.
 */
export function parsePartialJson(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    // Still streaming: repair below.
  }
  return repair(trimmed);
}

type Container = { readonly kind: '{' | '['; expectingKey: boolean };

function repair(text: string): unknown {
  const stack: Container[] = [];
  let inString = false;
  let stringIsKey = false;
  let escaped = false;
  // A position where the text so far, plus closing brackets, is valid JSON.
  let safe: { end: number; closers: string } | undefined;
  const closers = (): string =>
    stack
      .map((container) => (container.kind === '{' ? '}' : ']'))
      .reverse()
      .join('');
  const markSafe = (end: number): void => {
    safe = { end, closers: closers() };
  };

  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') {
        inString = false;
        if (!stringIsKey) markSafe(index + 1);
      }
      continue;
    }
    const top = stack.at(-1);
    switch (char) {
      case '"':
        inString = true;
        stringIsKey = top?.kind === '{' && top.expectingKey;
        break;
      case '{':
      case '[':
        stack.push({ kind: char, expectingKey: char === '{' });
        markSafe(index + 1);
        break;
      case '}':
      case ']':
        stack.pop();
        markSafe(index + 1);
        break;
      case ':':
        if (top) top.expectingKey = false;
        break;
      case ',':
        if (top?.kind === '{') top.expectingKey = true;
        break;
      default:
        // The end of a number or literal is safe only once it is followed by a delimiter.
        if (/[\d.eE+\-a-z]/.test(char) && !/[\d.eE+\-a-z]/.test(text[index + 1] ?? '') && index + 1 < text.length) {
          markSafe(index + 1);
        }
    }
  }

  if (inString && !stringIsKey) {
    const body = escaped ? text.slice(0, -1) : text;
    const closed = tryParse(`${body}"${closers()}`);
    if (closed !== undefined) return closed;
  }
  return safe ? tryParse(text.slice(0, safe.end).replace(/,\s*$/, '') + safe.closers) : undefined;
}

function tryParse(candidate: string): unknown {
  try {
    return JSON.parse(candidate);
  } catch {
    return undefined;
  }
}
