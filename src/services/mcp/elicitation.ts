/**
 * Elicitation: a server asks the user for a few values (`elicitation/create`
 * with a message and a flat JSON Schema). This module turns the schema into
 * fields a front end can ask for (text, number, boolean, choice), and checks
 * and converts what the user typed, so every front end validates the same
 * way and a server only ever receives content that matches what it asked.
 * Arrays only as multiple choice (`items` with `enum` or `anyOf` of
 * `const`); nested objects and other arrays are outside the protocol's flat
 * schema, and a request using them is declined.
 */
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js';
export type ElicitationField =
  | (FieldBase & { readonly kind: 'text'; readonly minLength?: number; readonly maxLength?: number; readonly format?: 'email' | 'uri' | 'date' | 'date-time'; readonly default?: string })
  | (FieldBase & { readonly kind: 'number'; readonly integer: boolean; readonly minimum?: number; readonly maximum?: number; readonly default?: number })
  | (FieldBase & { readonly kind: 'boolean'; readonly default?: boolean })
  | (FieldBase & { readonly kind: 'choice'; readonly options: readonly ChoiceOption[]; readonly default?: string })
  | (FieldBase & { readonly kind: 'multi'; readonly options: readonly ChoiceOption[]; readonly minItems?: number; readonly maxItems?: number; readonly default?: readonly string[] });

type ChoiceOption = { readonly value: string; readonly label: string };

type FieldBase = { readonly name: string; readonly title: string; readonly description?: string; readonly required: boolean };

export type ElicitationValue = string | number | boolean | readonly string[];
export type ElicitationContent = Readonly<Record<string, ElicitationValue>>;

/** What a front end is asked: the server, its message and the fields. */
export type ElicitationRequest = {
  readonly server: string;
  readonly message: string;
  readonly fields: readonly ElicitationField[];
  /** The schema as the server sent it (the Agent SDK client gets it unchanged). */
  readonly requestedSchema: Readonly<Record<string, unknown>>;
};

export type ElicitationResponse =
  | { readonly action: 'accept'; readonly content: ElicitationContent }
  | { readonly action: 'decline' }
  | { readonly action: 'cancel' };

/** A front end's answerer; the signal aborts when the server withdraws the request or the session ends. */
export type ElicitationHandler = (request: ElicitationRequest, signal: AbortSignal) => Promise<ElicitationResponse>;

/** What runs around the front end's answer (the session's Elicitation / ElicitationResult hooks, src/hooks/elicitationHooks.ts). */
export type ElicitationHookLayer = {
  /** An answer given without asking the front end, or undefined: ask it. */
  readonly before: (request: ElicitationRequest) => Promise<ElicitationResponse | undefined>;
  /** The answer that goes back to the server. */
  readonly after: (request: ElicitationRequest, response: ElicitationResponse) => Promise<ElicitationResponse>;
};

export type ParsedSchema = { readonly ok: true; readonly fields: ElicitationField[] } | { readonly ok: false; readonly error: string };

export function parseElicitationSchema(schema: unknown): ParsedSchema {
  if (!isRecord(schema) || schema.type !== 'object') return { ok: false, error: 'the requested schema is not an object schema' };
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []);
  const fields: ElicitationField[] = [];
  for (const [name, raw] of Object.entries(properties)) {
    if (!isRecord(raw)) return { ok: false, error: `field "${name}" has no schema` };
    const base: FieldBase = {
      name,
      title: typeof raw.title === 'string' && raw.title !== '' ? raw.title : name,
      ...(typeof raw.description === 'string' ? { description: raw.description } : {}),
      required: required.has(name),
    };
    const choices = choiceOptions(raw);
    if (choices) {
      fields.push({ ...base, kind: 'choice', options: choices, ...(typeof raw.default === 'string' ? { default: raw.default } : {}) });
    } else if (raw.type === 'string') {
      const format = raw.format === 'email' || raw.format === 'uri' || raw.format === 'date' || raw.format === 'date-time' ? raw.format : undefined;
      fields.push({
        ...base,
        kind: 'text',
        ...(typeof raw.minLength === 'number' ? { minLength: raw.minLength } : {}),
        ...(typeof raw.maxLength === 'number' ? { maxLength: raw.maxLength } : {}),
        ...(format ? { format } : {}),
        ...(typeof raw.default === 'string' ? { default: raw.default } : {}),
      });
    } else if (raw.type === 'number' || raw.type === 'integer') {
      fields.push({
        ...base,
        kind: 'number',
        integer: raw.type === 'integer',
        ...(typeof raw.minimum === 'number' ? { minimum: raw.minimum } : {}),
        ...(typeof raw.maximum === 'number' ? { maximum: raw.maximum } : {}),
        ...(typeof raw.default === 'number' ? { default: raw.default } : {}),
      });
    } else if (raw.type === 'array' && isRecord(raw.items) && choiceOptions(raw.items)) {
      const defaults = Array.isArray(raw.default) ? raw.default.filter((value): value is string => typeof value === 'string') : undefined;
      fields.push({
        ...base,
        kind: 'multi',
        options: choiceOptions(raw.items)!,
        ...(typeof raw.minItems === 'number' ? { minItems: raw.minItems } : {}),
        ...(typeof raw.maxItems === 'number' ? { maxItems: raw.maxItems } : {}),
        ...(defaults ? { default: defaults } : {}),
      });
    } else if (raw.type === 'boolean') {
      fields.push({ ...base, kind: 'boolean', ...(typeof raw.default === 'boolean' ? { default: raw.default } : {}) });
    } else {
      return { ok: false, error: `field "${name}" is of type ${JSON.stringify(raw.type)}, which a flat elicitation form cannot ask for` };
    }
  }
  return { ok: true, fields };
}

export type FieldCheck = { readonly ok: true; readonly value: ElicitationValue | undefined } | { readonly ok: false; readonly error: string };

/** Checks one typed answer (text as typed; `undefined`: left empty) and converts it to the field's type. */
export function checkFieldInput(field: ElicitationField, typed: string | undefined): FieldCheck {
  const text = typed?.trim() ?? '';
  if (text === '') return field.required ? { ok: false, error: `${field.title} is required` } : { ok: true, value: undefined };
  switch (field.kind) {
    case 'text': {
      const value = typed ?? '';
      if (field.minLength !== undefined && value.length < field.minLength) return { ok: false, error: `${field.title} needs at least ${field.minLength} characters` };
      if (field.maxLength !== undefined && value.length > field.maxLength) return { ok: false, error: `${field.title} takes at most ${field.maxLength} characters` };
      if (field.format && !matchesFormat(value.trim(), field.format)) return { ok: false, error: `${field.title} must be ${FORMAT_WORDS[field.format]}` };
      return { ok: true, value };
    }
    case 'number': {
      const value = Number(text);
      if (!Number.isFinite(value)) return { ok: false, error: `${field.title} must be a number` };
      if (field.integer && !Number.isInteger(value)) return { ok: false, error: `${field.title} must be a whole number` };
      if (field.minimum !== undefined && value < field.minimum) return { ok: false, error: `${field.title} must be at least ${field.minimum}` };
      if (field.maximum !== undefined && value > field.maximum) return { ok: false, error: `${field.title} must be at most ${field.maximum}` };
      return { ok: true, value };
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      if (['y', 'yes', 'true', '1'].includes(lower)) return { ok: true, value: true };
      if (['n', 'no', 'false', '0'].includes(lower)) return { ok: true, value: false };
      return { ok: false, error: `${field.title} takes yes or no` };
    }
    case 'choice': {
      const option = findOption(field.options, text);
      return option ? { ok: true, value: option.value } : { ok: false, error: `${field.title} must be one of ${field.options.map((candidate) => candidate.label).join(', ')}` };
    }
    case 'multi': {
      const chosen: string[] = [];
      for (const part of text.split(',').map((word) => word.trim()).filter((word) => word !== '')) {
        const option = findOption(field.options, part);
        if (!option) return { ok: false, error: `${field.title}: "${part}" is not one of ${field.options.map((candidate) => candidate.label).join(', ')}` };
        if (!chosen.includes(option.value)) chosen.push(option.value);
      }
      if (field.minItems !== undefined && chosen.length < field.minItems) return { ok: false, error: `${field.title} needs at least ${field.minItems}` };
      if (field.maxItems !== undefined && chosen.length > field.maxItems) return { ok: false, error: `${field.title} takes at most ${field.maxItems}` };
      return { ok: true, value: chosen };
    }
  }
}

function findOption(options: readonly ChoiceOption[], typed: string): ChoiceOption | undefined {
  return options.find((candidate) => candidate.value === typed) ?? options.find((candidate) => candidate.label.toLowerCase() === typed.toLowerCase());
}

/** Checks content a front end (or a client callback) accepted with: every field as the schema says, nothing else. */
export function checkContent(fields: readonly ElicitationField[], content: unknown): { readonly ok: true; readonly content: ElicitationContent } | { readonly ok: false; readonly error: string } {
  if (!isRecord(content)) return { ok: false, error: 'the answer is not an object' };
  const checked: Record<string, ElicitationValue> = {};
  for (const field of fields) {
    const value = content[field.name];
    if (value === undefined || value === null) {
      if (field.required) return { ok: false, error: `${field.title} is required` };
      continue;
    }
    const typeOk =
      field.kind === 'boolean'
        ? typeof value === 'boolean'
        : field.kind === 'number'
          ? typeof value === 'number'
          : field.kind === 'multi'
            ? Array.isArray(value) && value.every((item) => typeof item === 'string' && !item.includes(','))
            : typeof value === 'string';
    if (!typeOk) return { ok: false, error: `${field.title} has the wrong type` };
    const result = checkFieldInput(field, Array.isArray(value) ? value.join(',') : String(value));
    if (!result.ok) return result;
    if (result.value !== undefined) checked[field.name] = field.kind === 'text' ? (value as string) : result.value;
  }
  const unknown = Object.keys(content).filter((name) => !fields.some((field) => field.name === name));
  if (unknown.length > 0) return { ok: false, error: `the answer has fields the server did not ask for: ${unknown.join(', ')}` };
  return { ok: true, content: checked };
}

const FORMAT_WORDS = { email: 'an email address', uri: 'a URI', date: 'a date (YYYY-MM-DD)', 'date-time': 'a date and time (ISO 8601)' } as const;

function matchesFormat(value: string, format: keyof typeof FORMAT_WORDS): boolean {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
    case 'uri':
      return URL.canParse(value);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
    case 'date-time':
      return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value));
  }
}

/** `enum` (+ legacy `enumNames`), or `oneOf` of `{const, title}`, as value/label pairs. */
function choiceOptions(raw: Record<string, unknown>): ChoiceOption[] | undefined {
  if (Array.isArray(raw.enum) && raw.enum.every((value) => typeof value === 'string')) {
    const names = Array.isArray(raw.enumNames) ? raw.enumNames : [];
    return (raw.enum as string[]).map((value, index) => ({ value, label: typeof names[index] === 'string' ? (names[index] as string) : value }));
  }
  const alternatives = Array.isArray(raw.oneOf) ? raw.oneOf : Array.isArray(raw.anyOf) ? raw.anyOf : undefined;
  if (alternatives && alternatives.every((option) => isRecord(option) && typeof option.const === 'string')) {
    return (alternatives as Record<string, unknown>[]).map((option) => ({ value: option.const as string, label: typeof option.title === 'string' ? option.title : (option.const as string) }));
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A server's elicitation/create: the front end answers; what goes back always matches the schema asked. */
export async function answerElicitation(server: string, params: ElicitRequest['params'], signal: AbortSignal, elicit: ElicitationHandler): Promise<ElicitResult> {
  if (params.mode === 'url') return { action: 'decline' };
  const parsed = parseElicitationSchema(params.requestedSchema);
  if (!parsed.ok) return { action: 'decline' };
  const response = await elicit({ server, message: params.message, fields: parsed.fields, requestedSchema: params.requestedSchema }, signal);
  if (response.action !== 'accept') return { action: response.action };
  const checked = checkContent(parsed.fields, response.content);
  if (!checked.ok) return { action: 'decline' };
  const content: Record<string, string | number | boolean | string[]> = {};
  for (const [name, value] of Object.entries(checked.content)) content[name] = typeof value === 'object' ? [...value] : value;
  return { action: 'accept', content };
}
