// The request rules the real Messages API enforces with a 400, checked on every request the
// fake receives. An agent that breaks one of these works against the fake only by luck and
// fails against the real API, so each one is a test failure (codex's responses.rs idea).

type Block = { type?: unknown; [key: string]: unknown };
type Message = { role?: unknown; content?: unknown };

const TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/;
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

export function checkRequestInvariants(body: unknown): string[] {
  if (!isRecord(body)) return ['request body is not a JSON object'];
  return [...checkTopLevel(body), ...checkMessages(body.messages), ...checkTools(body.tools)];
}

function checkTopLevel(body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (typeof body.model !== 'string' || body.model === '') problems.push('model: field required');
  if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
    problems.push('max_tokens: field required (a positive integer)');
  }
  return problems;
}

function checkMessages(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) return ['messages: at least one message is required'];
  const messages = value as Message[];
  const problems: string[] = [];
  const seenToolUseIds = new Set<string>();

  messages.forEach((message, i) => {
    const where = `messages.${i}`;
    if (message.role !== 'user' && message.role !== 'assistant') {
      problems.push(`${where}.role: must be "user" or "assistant", got ${JSON.stringify(message.role)}`);
      return;
    }
    if (i === 0 && message.role !== 'user') problems.push(`${where}: the first message must use the "user" role`);
    if (i > 0 && messages[i - 1]?.role === message.role) {
      problems.push(`${where}: roles must alternate between "user" and "assistant" (two "${message.role}" in a row)`);
    }
    const isFinalAssistant = i === messages.length - 1 && message.role === 'assistant';
    const blocks = contentBlocks(message.content);
    if (blocks === undefined) {
      problems.push(`${where}.content: must be a string or an array of content blocks`);
      return;
    }
    if (blocks.length === 0 && !isFinalAssistant) {
      problems.push(`${where}: all messages must have non-empty content except for the optional final assistant message`);
    }
    problems.push(...checkTextBlocks(blocks, where));
    problems.push(...checkImageBlocks(blocks, where));
    if (message.role === 'assistant') {
      problems.push(...checkToolUses(blocks, where, seenToolUseIds, messages[i + 1]));
    } else {
      problems.push(...checkToolResults(blocks, where, messages[i - 1]));
    }
  });
  return problems;
}

function checkTextBlocks(blocks: Block[], where: string): string[] {
  const problems: string[] = [];
  blocks.forEach((block, j) => {
    if (block.type === 'text' && (typeof block.text !== 'string' || block.text.trim() === '')) {
      problems.push(`${where}.content.${j}: text content blocks must contain non-whitespace text`);
    }
  });
  return problems;
}

const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The API decodes every base64 image and rejects one whose bytes are not the declared type. */
function checkImageBlocks(blocks: Block[], where: string): string[] {
  const problems: string[] = [];
  const check = (block: Block, at: string): void => {
    if (block.type !== 'image') return;
    const source = block.source;
    if (!isRecord(source) || source.type !== 'base64') return;
    if (typeof source.media_type !== 'string' || !IMAGE_MEDIA_TYPES.includes(source.media_type)) {
      problems.push(`${at}.source.media_type: must be one of ${IMAGE_MEDIA_TYPES.join(', ')}`);
      return;
    }
    if (typeof source.data !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(source.data)) {
      problems.push(`${at}.source.data: must be base64`);
      return;
    }
    const head = Buffer.from(source.data.slice(0, 32), 'base64');
    const declared = source.media_type;
    const actual =
      head[0] === 0x89 && head[1] === 0x50 ? 'image/png' : head[0] === 0xff && head[1] === 0xd8 ? 'image/jpeg' : head.toString('latin1', 0, 3) === 'GIF' ? 'image/gif' : head.toString('latin1', 8, 12) === 'WEBP' ? 'image/webp' : undefined;
    if (actual !== declared) problems.push(`${at}: image data is ${actual ?? 'not an image'} but media_type says ${declared}`);
  };
  blocks.forEach((block, j) => {
    check(block, `${where}.content.${j}`);
    if (block.type === 'tool_result' && Array.isArray(block.content)) {
      (block.content as Block[]).forEach((inner, k) => check(inner, `${where}.content.${j}.content.${k}`));
    }
  });
  return problems;
}

function checkToolUses(blocks: Block[], where: string, seen: Set<string>, next: Message | undefined): string[] {
  const problems: string[] = [];
  const ids: string[] = [];
  blocks.forEach((block, j) => {
    if (block.type !== 'tool_use') return;
    const id = block.id;
    if (typeof id !== 'string' || !TOOL_USE_ID.test(id)) {
      problems.push(`${where}.content.${j}.id: tool_use id must match ${TOOL_USE_ID}, got ${JSON.stringify(id)}`);
      return;
    }
    if (typeof block.name !== 'string' || block.name === '') problems.push(`${where}.content.${j}.name: field required`);
    if (!isRecord(block.input)) problems.push(`${where}.content.${j}.input: must be an object`);
    if (seen.has(id)) problems.push(`${where}.content.${j}: tool_use ids must be unique, ${id} appears twice`);
    seen.add(id);
    ids.push(id);
  });
  if (ids.length === 0) return problems;

  const answered = new Set(
    (next?.role === 'user' ? contentBlocks(next.content) ?? [] : [])
      .filter((b) => b.type === 'tool_result')
      .map((b) => b.tool_use_id),
  );
  const missing = ids.filter((id) => !answered.has(id));
  if (missing.length > 0) {
    problems.push(
      `${where}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}. ` +
        'Each tool_use block must have a corresponding tool_result block in the next message.',
    );
  }
  return problems;
}

function checkToolResults(blocks: Block[], where: string, previous: Message | undefined): string[] {
  const problems: string[] = [];
  const offered = new Set(
    (previous?.role === 'assistant' ? contentBlocks(previous.content) ?? [] : [])
      .filter((b) => b.type === 'tool_use')
      .map((b) => b.id),
  );
  const answered = new Set<unknown>();
  let sawOtherBlock = false;
  blocks.forEach((block, j) => {
    if (block.type !== 'tool_result') {
      sawOtherBlock = true;
      return;
    }
    const id = block.tool_use_id;
    if (sawOtherBlock) {
      problems.push(`${where}.content.${j}: tool_result blocks must come before any other block in the user message`);
    }
    if (!offered.has(id)) {
      problems.push(
        `${where}.content.${j}: unexpected tool_use_id found in tool_result blocks: ${String(id)}. ` +
          'Each tool_result block must have a corresponding tool_use block in the previous message.',
      );
    }
    if (answered.has(id)) problems.push(`${where}.content.${j}: more than one tool_result for tool_use_id ${String(id)}`);
    answered.add(id);
  });
  return problems;
}

function checkTools(value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return ['tools: must be an array'];
  const problems: string[] = [];
  const names = new Set<string>();
  value.forEach((tool: unknown, k) => {
    const where = `tools.${k}`;
    if (!isRecord(tool)) {
      problems.push(`${where}: must be an object`);
      return;
    }
    const name = tool.name;
    if (typeof name !== 'string' || !TOOL_NAME.test(name)) {
      problems.push(`${where}.name: must match ${TOOL_NAME}, got ${JSON.stringify(name)}`);
    } else if (names.has(name)) {
      problems.push(`${where}: tool names must be unique, "${name}" appears twice`);
    } else {
      names.add(name);
    }
    // Server tools (web_search_..., bash_...) carry a versioned `type` and no schema.
    const isClientTool = tool.type === undefined || tool.type === 'custom';
    if (isClientTool && (!isRecord(tool.input_schema) || tool.input_schema.type !== 'object')) {
      problems.push(`${where}.input_schema: field required, with "type": "object"`);
    }
  });
  return problems;
}

function contentBlocks(content: unknown): Block[] | undefined {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return undefined;
  return content.map((b: unknown) => (isRecord(b) ? b : { type: undefined }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
