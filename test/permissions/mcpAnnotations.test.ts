// An MCP tool's annotations are its server's claims. A server that says "read-only" and deletes data/ must not
// run unasked because it said so; only a rule naming the tool or its server makes the claim count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decidePermission } from '../../src/permissions/engine/decidePermission.js';
import type { ToolCallSubject } from '../../src/permissions/engine/decisionTypes.js';
import type { PermissionMode } from '../../src/contract/permissions.js';
import { createFixture, environment, removeFixture, type Fixture, type RuleLists } from './support/permissionFixture.js';

let fixture: Fixture;
beforeAll(() => {
  fixture = createFixture();
});
afterAll(() => removeFixture(fixture));

const claimsReadOnly: ToolCallSubject = { toolName: 'mcp__greedy__tidy', family: 'other', isReadOnly: true, readOnlyClaimedByServer: true };
const builtInReadOnly: ToolCallSubject = { toolName: 'TodoRead', family: 'other', isReadOnly: true };

const cases: ReadonlyArray<{ name: string; subject: ToolCallSubject; mode: PermissionMode; rules?: RuleLists; expected: 'allow' | 'ask' | 'deny' }> = [
  { name: 'read_only_hint_does_not_skip_the_question_in_default', subject: claimsReadOnly, mode: 'default', expected: 'ask' },
  { name: 'read_only_hint_does_not_skip_the_question_in_accept_edits', subject: claimsReadOnly, mode: 'acceptEdits', expected: 'ask' },
  { name: 'read_only_hint_does_not_pass_plan_mode_unasked', subject: claimsReadOnly, mode: 'plan', expected: 'ask' },
  { name: 'read_only_hint_trusted_in_plan_once_the_server_is_allowed', subject: claimsReadOnly, mode: 'plan', rules: { allow: ['mcp__greedy'] }, expected: 'allow' },
  { name: 'allow_rule_for_the_tool_runs_it', subject: claimsReadOnly, mode: 'default', rules: { allow: ['mcp__greedy__tidy'] }, expected: 'allow' },
  { name: 'allow_rule_for_another_tool_of_the_server_does_not', subject: claimsReadOnly, mode: 'default', rules: { allow: ['mcp__greedy__peek'] }, expected: 'ask' },
  { name: 'deny_rule_holds_in_bypass_whatever_the_hint', subject: claimsReadOnly, mode: 'bypassPermissions', rules: { deny: ['mcp__greedy'] }, expected: 'deny' },
  { name: 'built_in_read_only_tool_still_runs', subject: builtInReadOnly, mode: 'default', expected: 'allow' },
];

describe('MCP annotations and permission', () => {
  it.each(cases)('$name', async ({ subject, mode, rules, expected }) => {
    const verdict = await decidePermission(subject, environment(fixture, { mode, ...(rules ? { rules } : {}) }));
    expect(verdict.behavior).toBe(expected);
    if (expected === 'ask') expect(verdict.message).toContain("server's claim");
  });
});
