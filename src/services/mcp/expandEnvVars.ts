/**
 * `${VAR}` and `${VAR:-default}` in MCP server configs, as users already
 * write them in `.mcp.json`: secrets stay in the environment, not in the
 * repository. As in the shell, `:-` also applies when the variable is empty.
 */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

export type ExpansionResult = { readonly value: string; readonly missing: readonly string[] };

export function expandEnvVars(text: string, env: NodeJS.ProcessEnv): ExpansionResult {
  const missing: string[] = [];
  const value = text.replace(REFERENCE, (_match, name: string, fallback: string | undefined) => {
    const current = env[name];
    if (current !== undefined && current !== '') return current;
    if (fallback !== undefined) return fallback;
    if (current === undefined) missing.push(name);
    return '';
  });
  return { value, missing };
}

/** Expands every string of a record's values, collecting what was missing. */
export function expandRecord(
  record: Readonly<Record<string, string>>,
  env: NodeJS.ProcessEnv,
  missing: string[],
): Record<string, string> {
  const expanded: Record<string, string> = {};
  for (const [key, raw] of Object.entries(record)) {
    const result = expandEnvVars(raw, env);
    missing.push(...result.missing);
    expanded[key] = result.value;
  }
  return expanded;
}
