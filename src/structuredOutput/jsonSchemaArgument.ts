/**
 * `--json-schema <schema>`: the JSON Schema the final answer must match. The
 * argument is inline JSON (the Agent SDK passes `--json-schema=<json>`); it
 * must be a JSON object. Whether it is a valid schema is checked when the
 * session compiles it (structuredOutput.ts), with ajv's reason.
 */
export type JsonSchemaObject = { readonly [key: string]: unknown };

export function parseJsonSchemaArgument(text: string): JsonSchemaObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`expected a JSON Schema as inline JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('expected a JSON Schema object, e.g. {"type": "object", ...}.');
  return Object.fromEntries(Object.entries(parsed));
}
