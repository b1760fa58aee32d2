// A PreToolUse hook's decision laid over the rules': never looser than a deny or ask rule.
import { describe, expect, it } from 'vitest';
import { applyHookPermission, type HookPermission } from '../../src/hooks/hookPermission.js';
import type { PermissionDecision } from '../../src/contract/permissions.js';

const ruleAllow: PermissionDecision = { behavior: 'allow', reason: { type: 'rule', rule: 'Bash(ls)', source: 'settings' } };
const ruleDeny: PermissionDecision = { behavior: 'deny', message: 'denied by rule', reason: { type: 'rule', rule: 'Bash(rm:*)', source: 'settings' } };
const ruleAsk: PermissionDecision = { behavior: 'ask', message: 'ask rule', reason: { type: 'rule', rule: 'Bash(git push:*)', source: 'settings' } };
const modeAsk: PermissionDecision = { behavior: 'ask', message: 'default mode asks', reason: { type: 'mode', mode: 'default' } };
const safetyAsk: PermissionDecision = { behavior: 'ask', message: '.git is protected', reason: { type: 'other', detail: 'protected path' } };
const hook = (decision: HookPermission['decision']): HookPermission => ({ hook: 'guard.sh', decision, reason: 'because' });

describe('applyHookPermission', () => {
  const table: [name: string, rules: PermissionDecision, hook: HookPermission | undefined, expected: PermissionDecision['behavior']][] = [
    ['no hook decision: the rules decide', modeAsk, undefined, 'ask'],
    ['hook allow skips the mode\'s dialog', modeAsk, hook('allow'), 'allow'],
    ['hook allow never overrides a deny rule', ruleDeny, hook('allow'), 'deny'],
    ['hook allow never overrides an ask rule', ruleAsk, hook('allow'), 'ask'],
    ['hook allow never overrides a safety ask', safetyAsk, hook('allow'), 'ask'],
    ['hook ask opens the dialog even where a rule allows', ruleAllow, hook('ask'), 'ask'],
    ['hook ask never loosens a deny rule', ruleDeny, hook('ask'), 'deny'],
    ['hook deny wins over an allow rule', ruleAllow, hook('deny'), 'deny'],
  ];
  for (const [name, rules, hookDecision, expected] of table) {
    it(name, () => expect(applyHookPermission(rules, hookDecision).behavior).toBe(expected));
  }
  it('the hook\'s reason is what the dialog and the model see', () => {
    const decision = applyHookPermission(ruleAllow, hook('ask'));
    expect(decision.behavior === 'ask' && decision.message).toContain('because');
  });
});
