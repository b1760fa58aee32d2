/**
 * The body of a Messages request, serialised here rather than by the SDK so
 * that message content read back from a transcript is not serialised again:
 * a resumed 50 MB conversation would otherwise be turned back into the very
 * text it was parsed from (~200 ms on these machines) before every request.
 *
 * The transcript loader records, for the content arrays and blocks it
 * parses, the exact JSON text they came from (`rememberJson`); the request
 * body reuses that text and serialises everything else with JSON.stringify.
 * This is sound only because the conversation's content is never mutated in
 * place (messages are replaced, never edited: see types/messages.ts), and it
 * is keyed by object identity, so a block that was copied to change it (the
 * cache breakpoint on the newest message) is serialised afresh.
 */
import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources/messages';

const knownJson = new WeakMap<object, string>();

/** `json` is the exact JSON text `value` was parsed from. */
export function rememberJson(value: object, json: string): void {
  knownJson.set(value, json);
}

/** The recorded text of `value`, if any (for tests and diagnostics). */
export function knownJsonOf(value: object): string | undefined {
  return knownJson.get(value);
}

/** The JSON of `content`, as pieces appended to `out`: large known texts are never copied into a bigger string. */
function pushContent(content: MessageParam['content'], out: string[]): void {
  if (typeof content === 'string') {
    out.push(JSON.stringify(content));
    return;
  }
  const whole = knownJson.get(content);
  if (whole !== undefined) {
    out.push(whole);
    return;
  }
  out.push('[');
  for (let index = 0; index < content.length; index++) {
    const block: ContentBlockParam = content[index]!;
    if (index > 0) out.push(',');
    out.push(knownJson.get(block) ?? JSON.stringify(block));
  }
  out.push(']');
}

/**
 * The request body: the bytes of `JSON.stringify(params)` (with `messages`
 * written last), taking the text of known content as it is. Written straight
 * into one buffer: joining the pieces into a 50 MB string first and encoding
 * that would copy everything twice more.
 */
export function requestBody(params: { readonly messages: readonly MessageParam[] } & Record<string, unknown>): Buffer {
  const { messages, ...rest } = params;
  const head = JSON.stringify(rest);
  const pieces: string[] = [head.slice(0, -1), head.length > 2 ? ',"messages":[' : '"messages":['];
  messages.forEach((message, index) => {
    pieces.push(`${index > 0 ? ',' : ''}{"role":${JSON.stringify(message.role)},"content":`);
    pushContent(message.content, pieces);
    pieces.push('}');
  });
  pieces.push(']}');
  let size = 0;
  for (const piece of pieces) size += Buffer.byteLength(piece);
  const body = Buffer.allocUnsafe(size);
  let written = 0;
  for (const piece of pieces) written += body.write(piece, written);
  return body;
}
