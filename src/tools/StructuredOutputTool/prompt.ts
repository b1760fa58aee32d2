export const STRUCTURED_OUTPUT_TOOL_NAME = 'StructuredOutput';

export const STRUCTURED_OUTPUT_TOOL_PROMPT = `Give your final answer as data. Whoever started this session reads the input of this call as the answer, so it must match the tool's schema exactly.

Call it once, when the task is done, as the last thing you do; do not end your turn without it. If the call is refused because the input does not match the schema, fix the fields the error names and call it again.`;

/** Appended to the system prompt of a --json-schema session. */
export const STRUCTURED_OUTPUT_SYSTEM_NOTE = `# Structured output
This session's answer is read by a program. When the task is done, call the ${STRUCTURED_OUTPUT_TOOL_NAME} tool with your final answer as its input, matching its schema; that call is your answer and ends the turn. Ending your turn without it counts as no answer.`;

/** Said to the model when it ends its turn without a successful StructuredOutput call. */
export const STRUCTURED_OUTPUT_NUDGE = `You ended your turn without calling ${STRUCTURED_OUTPUT_TOOL_NAME}. Call ${STRUCTURED_OUTPUT_TOOL_NAME} now with your final answer, matching its schema.`;
