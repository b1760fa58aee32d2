/**
 * Turns a zod failure into text a model can act on: which field, what was
 * expected, and what actually came.
 */
import type { z } from 'zod';

const MAX_VALUE_PREVIEW = 120;

export function formatZodError(toolName: string, error: z.ZodError, rawInput: unknown): string {
  const lines = error.issues.slice(0, 10).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(input)';
    const received = valueAtPath(rawInput, issue.path);
    const got = received.found ? `; got ${previewValue(received.value)}` : '';
    return `- ${path}: ${issue.message}${got}`;
  });
  if (error.issues.length > 10) lines.push(`- ... and ${error.issues.length - 10} more problems`);
  return `Invalid input for ${toolName}:\n${lines.join('\n')}`;
}

function valueAtPath(root: unknown, path: readonly PropertyKey[]): { found: boolean; value?: unknown } {
  let current: unknown = root;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return { found: false };
    // A missing field is still worth reporting ("got nothing"): that is the model's mistake.
    current = key in current ? (current as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return { found: true, value: current };
}

function previewValue(value: unknown): string {
  if (value === undefined) return 'nothing (the field is missing)';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_VALUE_PREVIEW ? `${text.slice(0, MAX_VALUE_PREVIEW)}…` : text;
}
