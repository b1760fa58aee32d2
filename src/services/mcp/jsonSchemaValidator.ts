/**
 * Validates MCP tool input against the server's own JSON Schema with ajv —
 * no conversion to zod and back, which loses constraints. ajv is loaded
 * with import() the first time a server connects, so sessions without MCP
 * never pay for it; after that, compiling and checking are synchronous.
 *
 * A schema ajv cannot compile does not make the tool unusable: the input is
 * then passed through and the server validates it itself.
 */
import type { ToolInputJSONSchema } from '../../contract/tool.js';
import { errorMessageOf } from '../../utils/errors.js';

export type SchemaIssue = { readonly path: readonly (string | number)[]; readonly message: string };
export type SchemaCheck = (input: unknown) => readonly SchemaIssue[];
export type JsonSchemaCompiler = (schema: ToolInputJSONSchema) => SchemaCheck;

type AjvError = {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
};
type ValidateFunction = ((data: unknown) => boolean) & { errors?: readonly AjvError[] | null };
type AjvInstance = { compile(schema: object): ValidateFunction };
type AjvConstructor = new (options: Record<string, unknown>) => AjvInstance;

type AjvByDialect = Readonly<Record<'draft7' | 'draft2020' | 'draft2019', AjvInstance>>;
let loadingAjv: Promise<AjvByDialect> | undefined;

function loadAjv(): Promise<AjvByDialect> {
  loadingAjv ??= Promise.all([import('ajv'), import('ajv/dist/2020.js'), import('ajv/dist/2019.js')]).then(([draft7, draft2020, draft2019]) => {
    const options = { strict: false, allErrors: true, validateFormats: false };
    return {
      draft7: new (constructorOf(draft7))(options),
      draft2020: new (constructorOf(draft2020))(options),
      draft2019: new (constructorOf(draft2019))(options),
    };
  });
  return loadingAjv;
}

export async function loadJsonSchemaCompiler(): Promise<JsonSchemaCompiler> {
  const byDialect = await loadAjv();
  return (schema) => compileCheck(schema, byDialect[dialectOf(schema)], { lenient: true });
}

/**
 * The same checks for a schema agentcli itself must enforce (--json-schema):
 * a schema ajv cannot compile throws, with ajv's reason, instead of passing
 * everything through.
 */
export async function loadStrictJsonSchemaCompiler(): Promise<JsonSchemaCompiler> {
  const byDialect = await loadAjv();
  return (schema) => compileCheck(schema, byDialect[dialectOf(schema)], { lenient: false });
}

function dialectOf(schema: ToolInputJSONSchema): 'draft7' | 'draft2020' | 'draft2019' {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('2020-12')) return 'draft2020';
  if (declared.includes('2019-09')) return 'draft2019';
  return 'draft7';
}

function compileCheck(schema: ToolInputJSONSchema, ajv: AjvInstance, options: { readonly lenient: boolean }): SchemaCheck {
  let validate: ValidateFunction;
  try {
    // $schema is dropped: each ajv instance already speaks its dialect, and an unknown meta-schema URL would throw.
    const { $schema: _dialect, ...rest } = schema;
    validate = ajv.compile(rest);
  } catch (error) {
    const reason = errorMessageOf(error);
    if (!options.lenient) throw new Error(`not a valid JSON Schema: ${reason}`);
    if (process.env.AGENTCLI_DEBUG) process.stderr.write(`agentcli: MCP input schema not checked locally: ${reason}\n`);
    return () => [];
  }
  return (input) => (validate(input) ? [] : (validate.errors ?? []).map(toIssue));
}

function toIssue(error: AjvError): SchemaIssue {
  const path: (string | number)[] = error.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return { path: [...path, String(params.missingProperty)], message: 'this required field is missing' };
    case 'additionalProperties':
      return { path: [...path, String(params.additionalProperty)], message: 'this field is not accepted by the tool' };
    case 'enum':
      return {
        path,
        message: `must be one of ${Array.isArray(params.allowedValues) ? params.allowedValues.map((value) => JSON.stringify(value)).join(', ') : 'the allowed values'}`,
      };
    default:
      return { path, message: error.message ?? `fails the "${error.keyword}" rule` };
  }
}

/** ajv is CommonJS: depending on the loader the class is the default export or its `default`. */
function constructorOf(module: unknown): AjvConstructor {
  let candidate: unknown = module;
  for (let depth = 0; depth < 3; depth++) {
    if (typeof candidate === 'function') return candidate as AjvConstructor;
    if (typeof candidate !== 'object' || candidate === null || !('default' in candidate)) break;
    candidate = candidate.default;
  }
  throw new Error('ajv did not load: no Ajv class found in the module');
}
