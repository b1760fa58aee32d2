/**
 * `--json-schema`: turns the caller's schema into the session's
 * StructuredOutput tool, once, at start-up. A schema that ajv cannot compile,
 * or whose root is not an object (the Messages API takes only object input
 * schemas), is refused as one line before any request.
 */
import type { Tool, ToolInputJSONSchema } from '../../contract/tool.js';
import { loadStrictJsonSchemaCompiler } from '../../services/mcp/jsonSchemaValidator.js';
import { createStructuredOutputTool } from './StructuredOutputTool.js';
import { UserFacingError, errorMessageOf } from '../../utils/errors.js';
import type { JsonSchemaObject } from '../../structuredOutput/jsonSchemaArgument.js';

export async function prepareStructuredOutputTool(schema: JsonSchemaObject): Promise<Tool> {
  if (schema['type'] !== undefined && schema['type'] !== 'object') {
    throw new UserFacingError('--json-schema: the schema must describe a JSON object ("type": "object"); put other values under a property.');
  }
  const inputSchema: ToolInputJSONSchema = { ...schema, type: 'object' };
  const compile = await loadStrictJsonSchemaCompiler();
  try {
    return createStructuredOutputTool(inputSchema, compile(inputSchema));
  } catch (error) {
    throw new UserFacingError(`--json-schema: ${errorMessageOf(error)}`);
  }
}
