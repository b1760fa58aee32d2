/**
 * After a memory file changes in the session (`/memory`, a `#` note), its
 * `allow:` / `ask:` / `deny:` lines must hold from the next tool call, as
 * they would after a restart: the rules that came from memory files are
 * replaced by the ones the files say now. Rules from settings, flags and
 * "don't ask again" answers are left alone.
 *
 * A file with a malformed rule line changes nothing (the old memory rules
 * stay): a half-applied file could drop a deny rule the user still wants.
 */
import type { MemorySource } from '../context/memoryFiles.js';
import type { AppStateStore } from '../contract/appState.js';
import { ruleSetOf } from './canUseTool.js';
import { parseClaudeMdRules } from './rules/ruleFileParsers.js';
import type { SourcedRule } from './rules/permissionRule.js';
import { compileRuleSet, describeRuleFileErrors, type RuleFileError } from './rules/ruleSet.js';

export type MemoryRulesUpdate = { readonly ok: true } | { readonly ok: false; readonly problem: string };

export function replaceMemoryRules(
  appState: AppStateStore,
  memoryFiles: readonly MemorySource[],
  options: { readonly projectRoot: string; readonly folderTrusted: boolean },
): MemoryRulesUpdate {
  const rules: SourcedRule[] = [];
  const errors: RuleFileError[] = [];
  for (const memory of memoryFiles) {
    if (!memory.carriesRules) continue;
    const parsed = parseClaudeMdRules(memory.content, { kind: 'claudeMd', origin: memory.path, fromRepository: memory.scope !== 'user' });
    rules.push(...parsed.rules);
    errors.push(...parsed.errors);
  }
  if (errors.length > 0) return { ok: false, problem: describeRuleFileErrors(errors) };
  appState.set((state) => {
    const current = ruleSetOf(state.toolPermissionContext, options.projectRoot);
    const fresh = compileRuleSet(rules, { projectRoot: current.projectRoot, home: current.home, folderTrusted: options.folderTrusted });
    const kept = current.rules.filter((rule) => rule.source.kind !== 'claudeMd');
    const ruleSet = { ...current, rules: [...kept, ...fresh.rules] };
    return { ...state, toolPermissionContext: { ...state.toolPermissionContext, rules: { __ruleSet: true, ruleSet } } };
  });
  return { ok: true };
}
