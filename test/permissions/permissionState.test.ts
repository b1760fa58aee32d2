// PermissionState: the one owner of mode, rules, working directories and grants. Each asker,
// and the one rule for entering bypassPermissions, keyed by who asks.
import { describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/contract/permissions.js';
import { emptyRuleSet, ruleSetOf } from '../../src/permissions/canUseTool.js';
import { nextPermissionMode, PermissionState, type ModeAsker } from '../../src/permissions/permissionState.js';
import { parseRule } from '../../src/permissions/rules/parseRule.js';
import type { SourcedRule } from '../../src/permissions/rules/permissionRule.js';
import { createAppStateStore, initialAppState } from '../../src/state/appState.js';

const ROOT = '/work/project';

function stateWith(options: { mode?: PermissionMode; bypass?: boolean } = {}) {
  const store = createAppStateStore(
    initialAppState({ mode: options.mode ?? 'default', workingDirectories: [ROOT], isBypassAvailable: options.bypass ?? false, rules: emptyRuleSet() }),
  );
  return { store, permissions: new PermissionState(store) };
}

const rulesOf = (store: ReturnType<typeof stateWith>['store']) =>
  ruleSetOf(store.get().toolPermissionContext, ROOT).rules.map((rule) => `${rule.behavior} ${rule.rule.text} (${rule.source.kind}: ${rule.source.origin})`);

function claudeMdRule(behavior: 'allow' | 'deny', text: string, origin: string): SourcedRule {
  const parsed = parseRule(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return { behavior, rule: parsed.value, source: { kind: 'claudeMd', origin, fromRepository: true } };
}

describe('PermissionState: entering bypassPermissions, keyed by who asks', () => {
  const askers: readonly ModeAsker[] = ['user', 'editor', 'sdkClient', 'transcript', 'model', 'planApproval'];
  // Who may enter bypass in a session started without it, and in one started with it.
  const table: Record<ModeAsker, { readonly without: boolean; readonly withIt: boolean }> = {
    user: { without: false, withIt: true },
    editor: { without: true, withIt: true },
    sdkClient: { without: false, withIt: true },
    transcript: { without: false, withIt: true },
    model: { without: false, withIt: false },
    planApproval: { without: false, withIt: false },
  };

  for (const asker of askers) {
    it(`${asker}: ${table[asker].without ? 'may' : 'may not'} enter bypass when the session was started without it; ${table[asker].withIt ? 'may' : 'may not'} when started with it`, () => {
      const without = stateWith();
      const change = without.permissions.setMode('bypassPermissions', asker);
      expect(change.ok).toBe(table[asker].without);
      expect(without.permissions.mode).toBe(table[asker].without ? 'bypassPermissions' : 'default');

      const withIt = stateWith({ bypass: true });
      expect(withIt.permissions.setMode('bypassPermissions', asker).ok).toBe(table[asker].withIt);
      expect(withIt.permissions.mode).toBe(table[asker].withIt ? 'bypassPermissions' : 'default');
    });
  }

  it('an editor choosing bypass makes it available from then on (as the flag would have)', () => {
    const { permissions } = stateWith();
    permissions.setMode('bypassPermissions', 'editor');
    expect(permissions.context.isBypassAvailable).toBe(true);
    permissions.setMode('default', 'editor');
    // Now a person's Shift+Tab cycle reaches it too.
    expect(permissions.mayEnter('bypassPermissions', 'user')).toBe(true);
  });

  it('attack: an SDK client cannot enter bypass in a session not started with it, and is told why', () => {
    const { permissions } = stateWith({ mode: 'acceptEdits' });
    const change = permissions.setMode('bypassPermissions', 'sdkClient');
    expect(change).toEqual({ ok: false, mode: 'acceptEdits', error: expect.stringContaining('bypassPermissions can only be entered by a session started with it') });
    expect(permissions.context.isBypassAvailable).toBe(false);
  });

  it('attack: a transcript left in bypass does not bring bypass to a session started without it', () => {
    const { permissions } = stateWith({ mode: 'plan' });
    expect(permissions.setMode('bypassPermissions', 'transcript').ok).toBe(false);
    expect(permissions.mode).toBe('plan');
  });

  it('every asker may switch between the other modes; an unknown mode changes nothing', () => {
    for (const asker of askers) {
      const { permissions } = stateWith();
      expect(permissions.setMode('acceptEdits', asker)).toEqual({ ok: true, mode: 'acceptEdits', changed: true });
      expect(permissions.setMode('acceptEdits', asker)).toEqual({ ok: true, mode: 'acceptEdits', changed: false });
      expect(permissions.setMode('yolo', asker)).toMatchObject({ ok: false, mode: 'acceptEdits' });
    }
  });
});

describe('PermissionState: the Shift+Tab cycle', () => {
  it('default → acceptEdits → plan → default, through bypass only when a person may enter it', () => {
    const { permissions } = stateWith();
    expect([permissions.cycleMode(), permissions.cycleMode(), permissions.cycleMode()]).toEqual(['acceptEdits', 'plan', 'default']);
    const started = stateWith({ bypass: true });
    expect([started.permissions.cycleMode(), started.permissions.cycleMode(), started.permissions.cycleMode(), started.permissions.cycleMode()]).toEqual([
      'acceptEdits',
      'plan',
      'bypassPermissions',
      'default',
    ]);
    expect(nextPermissionMode('plan', false)).toBe('default');
  });
});

describe('PermissionState: rules, directories and grants', () => {
  it('added rules hold at once with their source; a removed rule goes only from its own origin', () => {
    const { store, permissions } = stateWith();
    permissions.addRules('allow', ['Bash(make:*)', 'not a rule ((('], { kind: 'localSettings', origin: 'settings.local.json' });
    permissions.addRules('allow', ['Bash(make:*)'], { kind: 'localSettings', origin: 'the SDK client' });
    expect(rulesOf(store)).toEqual(['allow Bash(make:*) (localSettings: settings.local.json)', 'allow Bash(make:*) (localSettings: the SDK client)']);
    permissions.removeRule('Bash(make:*)', 'settings.local.json');
    expect(rulesOf(store)).toEqual(['allow Bash(make:*) (localSettings: the SDK client)']);
  });

  it('replacing the memory files\' rules leaves every other source alone', () => {
    const { store, permissions } = stateWith();
    permissions.addRules('deny', ['WebFetch'], { kind: 'localSettings', origin: 'local' });
    permissions.replaceRulesOfKind('claudeMd', [claudeMdRule('deny', 'Bash(rm:*)', 'CLAUDE.md')], { folderTrusted: true });
    permissions.replaceRulesOfKind('claudeMd', [claudeMdRule('deny', 'Bash(curl:*)', 'CLAUDE.md')], { folderTrusted: true });
    expect(rulesOf(store)).toEqual(['deny WebFetch (localSettings: local)', 'deny Bash(curl:*) (claudeMd: CLAUDE.md)']);
  });

  it('working directories are added once each, absolute', () => {
    const { permissions } = stateWith();
    expect(permissions.addWorkingDirectories(['/work/other', '/work/other', ROOT])).toEqual(['/work/other']);
    expect(permissions.addWorkingDirectories(['/work/other'])).toEqual([]);
    expect(permissions.context.workingDirectories).toEqual([ROOT, '/work/other']);
  });

  it('a scoped grant holds until revoked; revoking one grant leaves another with the same rule', () => {
    const { store, permissions } = stateWith();
    const first = permissions.grant({ rules: ['Bash(git commit:*)'], grantedBy: '/commit', fromRepository: true });
    const second = permissions.grant({ rules: ['Bash(git commit:*)'], grantedBy: '/release', fromRepository: false });
    if (!first.ok || !second.ok) throw new Error('grant refused');
    expect(rulesOf(store)).toHaveLength(2);
    first.revoke();
    first.revoke();
    expect(rulesOf(store)).toEqual([expect.stringMatching(/^allow Bash\(git commit:\*\) \(session: \/release allowed-tools/)]);
    second.revoke();
    expect(rulesOf(store)).toEqual([]);
  });

  it('one malformed rule grants nothing', () => {
    const { store, permissions } = stateWith();
    const grant = permissions.grant({ rules: ['Read', 'Bash((('], grantedBy: '/broken', fromRepository: true });
    expect(grant).toEqual({ ok: false, error: expect.stringContaining('allowed-tools of /broken: "Bash(((" is not a valid rule') });
    expect(rulesOf(store)).toEqual([]);
  });

  it('every change is one update of the store that subscribers see (the REPL status line, the transcript, ACP)', () => {
    const { store, permissions } = stateWith();
    const seen: string[] = [];
    store.subscribe((state) => seen.push(state.toolPermissionContext.mode));
    permissions.setMode('plan', 'model');
    permissions.setMode('plan', 'model');
    expect(seen).toEqual(['plan']);
  });
});
