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
import type { AppStateStore } from '../contract/appState.js';
import { PermissionState } from './permissionState.js';
import { parseClaudeMdRules } from './rules/ruleFileParsers.js';
import type { SourcedRule } from './rules/permissionRule.js';
import { describeRuleFileErrors, type RuleFileError } from './rules/ruleSet.js';

export type MemoryRulesUpdate = { readonly ok: true } | { readonly ok: false; readonly problem: string };

/** What this needs of a memory file (src/context/memoryFiles.ts's MemorySource has it). */
export type MemoryRuleSource = {
  readonly path: string;
  /** User memory is the user's own; project and local memory are repository content. */
  readonly scope: string;
  readonly content: string;
  /** Whether its `allow:` / `ask:` / `deny:` lines are permission rules (CLAUDE.md files, not AGENTS.md). */
  readonly carriesRules: boolean;
};

export function replaceMemoryRules(appState: AppStateStore, memoryFiles: readonly MemoryRuleSource[], options: { readonly folderTrusted: boolean }): MemoryRulesUpdate {
  const rules: SourcedRule[] = [];
  const errors: RuleFileError[] = [];
  for (const memory of memoryFiles) {
    if (!memory.carriesRules) continue;
    const parsed = parseClaudeMdRules(memory.content, { kind: 'claudeMd', origin: memory.path, fromRepository: memory.scope !== 'user' });
    rules.push(...parsed.rules);
    errors.push(...parsed.errors);
  }
  if (errors.length > 0) return { ok: false, problem: describeRuleFileErrors(errors) };
  new PermissionState(appState).replaceRulesOfKind('claudeMd', rules, { folderTrusted: options.folderTrusted });
  return { ok: true };
}
