/**
 * The Agent SDK's PermissionUpdate: what a canUseTool answer may change for
 * the rest of the session ("don't ask again", a mode switch), and what we
 * suggest in a can_use_tool request (the narrowest rules that would allow
 * the call, as the REPL's dialog offers them).
 *
 * Rules go live for the session at once; `localSettings` ones are also saved
 * to `.claude/settings.local.json` like the REPL's "don't ask again". We do
 * not write the user's or the project's shared settings files on a client's
 * say-so: such rules hold for this session only, and we say so on stderr.
 */
import path from 'node:path';
import { z } from 'zod';
import { allowAlwaysScope } from '../../permissions/allowAlways.js';
import { addRulesToLocalSettings, localSettingsPath } from '../../permissions/localSettingsRules.js';
import { PermissionState } from '../../permissions/permissionState.js';
import { parseRule } from '../../permissions/rules/parseRule.js';
import type { AppStateStore } from '../../contract/appState.js';

const ruleValueSchema = z.object({ toolName: z.string(), ruleContent: z.string().optional() });
const destinationSchema = z.enum(['userSettings', 'projectSettings', 'localSettings', 'session', 'cliArg']);
const behaviorSchema = z.enum(['allow', 'deny', 'ask']);

export const permissionUpdateSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('addRules'), rules: z.array(ruleValueSchema), behavior: behaviorSchema, destination: destinationSchema }),
  z.object({ type: z.literal('replaceRules'), rules: z.array(ruleValueSchema), behavior: behaviorSchema, destination: destinationSchema }),
  z.object({ type: z.literal('removeRules'), rules: z.array(ruleValueSchema), behavior: behaviorSchema, destination: destinationSchema }),
  z.object({ type: z.literal('setMode'), mode: z.string(), destination: destinationSchema }),
  z.object({ type: z.literal('addDirectories'), directories: z.array(z.string()), destination: destinationSchema }),
  z.object({ type: z.literal('removeDirectories'), directories: z.array(z.string()), destination: destinationSchema }),
]);
export type PermissionUpdate = z.infer<typeof permissionUpdateSchema>;

/** `Bash(git log:*)` → `{toolName: "Bash", ruleContent: "git log:*"}`. */
export function suggestionsFor(rules: readonly string[]): PermissionUpdate[] {
  const values = rules.flatMap((text) => {
    const parsed = parseRule(text);
    if (!parsed.ok) return [];
    const { toolName, specifier } = parsed.value;
    return [specifier === undefined ? { toolName } : { toolName, ruleContent: specifier }];
  });
  // Where the REPL's "don't ask again" keeps them: the project's local settings, or (a place outside the project) the session.
  const destination = allowAlwaysScope(rules) === 'project' ? 'localSettings' : 'session';
  return values.length === 0 ? [] : [{ type: 'addRules', rules: values, behavior: 'allow', destination }];
}

export type PermissionUpdateTarget = {
  readonly appState: AppStateStore;
  readonly projectRoot: string;
  /** One line for the user about an update that was not (fully) applied. */
  readonly onProblem: (message: string) => void;
};

export async function applyPermissionUpdates(updates: readonly PermissionUpdate[], target: PermissionUpdateTarget): Promise<void> {
  for (const update of updates) await applyOne(update, target);
}

async function applyOne(update: PermissionUpdate, target: PermissionUpdateTarget): Promise<void> {
  const { appState, projectRoot, onProblem } = target;
  switch (update.type) {
    case 'addRules': {
      const rules = update.rules.map((rule) => (rule.ruleContent === undefined ? rule.toolName : `${rule.toolName}(${rule.ruleContent})`));
      const origin = update.destination === 'localSettings' ? localSettingsPath(projectRoot) : 'the Agent SDK client (this session)';
      new PermissionState(appState).addRules(update.behavior, rules, { kind: 'localSettings', origin });
      if (update.destination === 'localSettings') {
        const saved = await addRulesToLocalSettings(projectRoot, update.behavior, rules);
        if (!saved.ok) onProblem(`could not save ${rules.join(', ')} to ${saved.file}: ${saved.error} (they hold for this session)`);
      } else if (update.destination === 'userSettings' || update.destination === 'projectSettings') {
        onProblem(`${rules.join(', ')} hold for this session only: a client's answer is saved to local settings at most, never to ${update.destination}`);
      }
      return;
    }
    case 'setMode': {
      const switched = switchPermissionMode(appState, update.mode);
      if (!switched.ok) onProblem(switched.error);
      return;
    }
    case 'addDirectories': {
      new PermissionState(appState).addWorkingDirectories(update.directories.map((dir) => path.resolve(projectRoot, dir)));
      return;
    }
    case 'replaceRules':
    case 'removeRules':
    case 'removeDirectories':
      onProblem(`the permission update "${update.type}" is not supported; nothing was changed`);
      return;
  }
}

/** The client's set_permission_mode (or a setMode update): PermissionState decides, asked as the SDK client. */
export function switchPermissionMode(appState: AppStateStore, mode: string): { readonly ok: true } | { readonly ok: false; readonly error: string } {
  const change = new PermissionState(appState).setMode(mode, 'sdkClient');
  return change.ok ? { ok: true } : { ok: false, error: change.error };
}
