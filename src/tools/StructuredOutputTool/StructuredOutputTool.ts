/**
 * StructuredOutput (--json-schema): a tool whose input schema is the schema
 * the caller gave, so the model delivers its final answer as a tool call the
 * API shapes as JSON. The input is checked with ajv against that schema at
 * the pipeline's schema step: a mismatch is an is_error result naming the
 * fields, and the model tries again (the query loop bounds the attempts and
 * ends the turn once a call succeeds; see query.ts `finalAnswerTool`).
 *
 * One tool per session (it carries the schema); never offered to subagents.
 */
import { z } from 'zod';
import { lazySchema } from '../../utils/lazy.js';
import { TOOL_DEFAULTS, type Tool, type ToolInputJSONSchema } from '../../contract/tool.js';
import type { SchemaCheck } from '../../services/mcp/jsonSchemaValidator.js';
import { STRUCTURED_OUTPUT_TOOL_NAME, STRUCTURED_OUTPUT_TOOL_PROMPT } from './prompt.js';

export type StructuredOutputInput = Readonly<Record<string, unknown>>;
export type StructuredOutputOutput = { readonly accepted: true };

export function createStructuredOutputTool(schema: ToolInputJSONSchema, check: SchemaCheck): Tool<StructuredOutputInput, StructuredOutputOutput, never> {
  const inputSchema = lazySchema(() =>
    z.record(z.string(), z.unknown()).superRefine((value, refinement) => {
      for (const issue of check(value)) refinement.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
    }),
  );
  const tool: Tool<StructuredOutputInput, StructuredOutputOutput, never> = {
    ...TOOL_DEFAULTS,
    name: STRUCTURED_OUTPUT_TOOL_NAME,
    inputJSONSchema: schema,
    get inputSchema() {
      return inputSchema();
    },
    // Never deferred behind ToolSearch: the model must always see it.
    alwaysLoad: true,
    description: () => 'Give the final answer as structured data',
    prompt: () => STRUCTURED_OUTPUT_TOOL_PROMPT,
    userFacingName: () => STRUCTURED_OUTPUT_TOOL_NAME,
    // It changes nothing: the answer is the call's input, read from the conversation.
    isReadOnly: () => true,
    async checkPermissions() {
      return { behavior: 'allow', reason: { type: 'tool', detail: 'StructuredOutput only hands the answer back' } };
    },
    async call() {
      return { data: { accepted: true } };
    },
    mapToolResultToToolResultBlockParam(_data, toolUseId) {
      return { type: 'tool_result', tool_use_id: toolUseId, content: 'Structured output accepted.' };
    },
  };
  return Object.freeze(tool);
}
