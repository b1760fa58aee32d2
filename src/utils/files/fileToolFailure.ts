/**
 * A file tool's refusal or failure as a value: the tool returns it as its
 * output and maps it to an is_error tool_result, so the model reads a
 * sentence it can act on and the UI shows the same sentence.
 */
import type { ToolResultBlockParam } from '../../types/messages.js';

export type FileToolFailure = { readonly type: 'error'; readonly message: string };

export function fileToolFailure(message: string): { readonly data: FileToolFailure } {
  return { data: { type: 'error', message } };
}

export function failureBlock(failure: FileToolFailure, toolUseId: string): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: toolUseId, content: failure.message, is_error: true };
}
