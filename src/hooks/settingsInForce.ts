/**
 * What a running session takes from a settings file when the file changes
 * and ConfigChange lets the change through (or, after a block, what it goes
 * back to): the file's permission rules (allow / ask / deny, replacing the
 * ones that came from that file, including those "don't ask again" or
 * /permissions just added from it) and the output style the nearest file
 * names. Other settings (hooks, MCP servers, sandbox, environment) are read
 * at start only, as before.
 *
 * A file whose rules do not parse changes nothing: the rules in force stay,
 * and the user is told (a half-read file could drop a deny rule).
 */
import { findOutputStyle, type OutputStyle, type OutputStyleCatalog } from '../outputStyles/outputStyle.js';
import { ruleSetOf } from '../permissions/canUseTool.js';
import { parseSettingsJson } from '../permissions/rules/ruleFileParsers.js';
import { compileRuleSet, describeRuleFileErrors } from '../permissions/rules/ruleSet.js';
import type { SettingsLayer } from '../settings/settingsFiles.js';
import type { AppStateStore } from '../state/appState.js';

export type LiveSettingsTarget = {
  readonly appState: AppStateStore;
  readonly projectRoot: string;
  /** Repository files' allow rules hold only in a trusted folder, as at start. */
  readonly folderTrusted: boolean;
  /** The watched files, nearest first (local, project, user). */
  readonly layers: readonly SettingsLayer[];
  /** undefined: --settings names the style (it outranks every file), so file changes leave it alone. */
  readonly outputStyle:
    | { readonly catalog: OutputStyleCatalog; readonly current: () => OutputStyle; readonly set: (name: string) => string | undefined }
    | undefined;
  readonly onProblem: (message: string) => void;
};

/** Returns the applyAccepted of the ConfigChange monitor. */
export function settingsApplier(target: LiveSettingsTarget): (file: string, accepted: ReadonlyMap<string, string | undefined>) => void {
  return (file, accepted) => {
    const layer = target.layers.find((candidate) => candidate.file === file);
    if (!layer) return;
    applyRules(target, layer, accepted.get(file));
    applyOutputStyle(target, accepted);
  };
}

function applyRules(target: LiveSettingsTarget, layer: SettingsLayer, text: string | undefined): void {
  const parsed = parseSettingsJson(text?.trim() ? text : '{}', { kind: layer.kind, origin: layer.file, fromRepository: layer.fromRepository });
  if (parsed.errors.length > 0) {
    target.onProblem(`${layer.file} changed, but its permission rules were not applied (the previous ones stay in force): ${describeRuleFileErrors(parsed.errors)}`);
    return;
  }
  target.appState.set((state) => {
    const current = ruleSetOf(state.toolPermissionContext, target.projectRoot);
    const fresh = compileRuleSet(parsed.rules, { projectRoot: current.projectRoot, home: current.home, folderTrusted: target.folderTrusted });
    const kept = current.rules.filter((rule) => rule.source.origin !== layer.file);
    const ruleSet = { ...current, rules: [...kept, ...fresh.rules] };
    return { ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: { __ruleSet: true, ruleSet } } };
  });
}

function applyOutputStyle(target: LiveSettingsTarget, texts: ReadonlyMap<string, string | undefined>): void {
  const style = target.outputStyle;
  if (!style) return;
  const nearest = target.layers.map((layer) => outputStyleOf(texts.get(layer.file))).find((value) => value !== undefined);
  const named = nearest ?? findOutputStyle(style.catalog, undefined)?.name;
  if (named === undefined || named.toLowerCase() === style.current().name.toLowerCase()) return;
  const problem = style.set(named);
  if (problem) target.onProblem(problem);
}

function outputStyleOf(text: string | undefined): string | undefined {
  if (!text?.trim()) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    const value = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)['outputStyle'] : undefined;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
