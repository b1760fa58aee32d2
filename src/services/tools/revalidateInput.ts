/**
 * An input rewritten after validation — by a PreToolUse hook's updatedInput
 * or a permission decision — goes through the same checks as the model's
 * own: the schema, then the tool's validateInput. A rewrite that fails them
 * is an error the model sees, never silently dropped or silently run.
 */
import type { Tool, ToolUseContext } from '../../contract/tool.js';
import { formatZodError } from './formatZodError.js';

export type Revalidated = { readonly ok: true; readonly input: unknown } | { readonly ok: false; readonly message: string };

export async function revalidateInput(tool: Tool, rewritten: unknown, context: ToolUseContext, rewrittenBy: string): Promise<Revalidated> {
  const parsed = tool.inputSchema.safeParse(rewritten);
  if (!parsed.success) {
    return { ok: false, message: `The input ${rewrittenBy} gave ${tool.name} is invalid, so the call did not run.\n${formatZodError(tool.name, parsed.error, rewritten)}` };
  }
  const validation = await tool.validateInput(parsed.data, context);
  if (!validation.result) {
    return { ok: false, message: `The input ${rewrittenBy} gave ${tool.name} is invalid, so the call did not run: ${validation.message}` };
  }
  return { ok: true, input: parsed.data };
}
