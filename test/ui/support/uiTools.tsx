// Synthetic tools with a tiny UI (like a real tool's UI.tsx), for component and REPL tests.
import { Text } from 'ink';
import { z } from 'zod';
import { buildTool, type Tool } from '../../../src/contract/tool.js';
import type { ToolRenderers } from '../../../src/contract/toolRenderers.js';

type ShoutInput = { readonly words: string };
type ShoutOutput = { readonly shouted: string };

const shoutRenderers: ToolRenderers<ShoutInput, ShoutOutput, string> = {
  renderToolUseMessage: (input) => input.words ?? '',
  renderToolUseProgressMessage: (progress) => <Text>progress: {progress.at(-1)}</Text>,
  renderToolResultMessage: (output) => <Text>Shouted {output.shouted.length} letters</Text>,
  renderToolUseRejectedMessage: (input, reason) => <Text>Did not shout "{input.words}": {reason}</Text>,
  renderToolUseErrorMessage: (error) => <Text>Shout failed: {error}</Text>,
  renderPermissionRequest: (input) => <Text>WILL SHOUT: {input.words}</Text>,
};

/** Needs permission (not read-only); reports progress; has its own UI. */
export function shoutTool(options: { onCall?: (input: ShoutInput) => void } = {}): Tool<ShoutInput, ShoutOutput, string> {
  return buildTool<ShoutInput, ShoutOutput, string>({
    name: 'Shout',
    inputSchema: () => z.strictObject({ words: z.string() }),
    description: (input) => `shout ${input?.words ?? ''}`,
    prompt: () => 'Shouts words.',
    async call(input, _context, onProgress) {
      options.onCall?.(input);
      onProgress('warming up');
      return { data: { shouted: input.words.toUpperCase() } };
    },
    mapToolResultToToolResultBlockParam: (data, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: data.shouted }),
    ui: async () => shoutRenderers,
  });
}

/** Read-only and without a UI: exercises the generic rendering. */
export function plainTool(): Tool<{ path: string }, string> {
  return buildTool({
    name: 'Plain',
    inputSchema: () => z.strictObject({ path: z.string() }),
    description: () => 'plain',
    prompt: () => 'Plain tool.',
    isReadOnly: () => true,
    async call(input) {
      return { data: `line one of ${input.path}\nline two\nline three\nline four\nline five` };
    },
  });
}

/** A tool without a UI under a given name (`Edit`, to get the dialog's wording and choices for file edits). */
export function namedTool(name: string): Tool<Record<string, unknown>, string> {
  return buildTool({
    name,
    inputSchema: () => z.record(z.string(), z.unknown()),
    description: () => name,
    prompt: () => `${name} tool.`,
    async call() {
      return { data: 'done' };
    },
  });
}

/** A tool whose result renderer throws: the REPL must fall back, not crash. */
export function brokenUiTool(): Tool<{ words: string }, string> {
  return buildTool({
    name: 'Broken',
    inputSchema: () => z.strictObject({ words: z.string() }),
    description: () => 'broken',
    prompt: () => 'Broken UI.',
    isReadOnly: () => true,
    async call(input) {
      return { data: input.words };
    },
    ui: async () => ({
      renderToolUseMessage: (input: Partial<{ words: string }>) => input.words ?? '',
      renderToolResultMessage: () => {
        throw new Error('renderer bug');
      },
    }),
  });
}
