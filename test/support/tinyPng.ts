// A valid 1×1 PNG, for tests that attach images.
export const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const TINY_PNG = Buffer.from(TINY_PNG_BASE64, 'base64');

type Block = { type?: string; text?: string; source?: { type?: string; media_type?: string; data?: string } };

/** The image blocks in the last user message of a request body. */
export function imageBlocksOfLastUserMessage(body: { messages: { role: string; content: unknown }[] }): Block[] {
  const content = body.messages.at(-1)!.content;
  return Array.isArray(content) ? (content as Block[]).filter((block) => block.type === 'image') : [];
}
