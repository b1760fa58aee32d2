// The one merge of an event's verdicts: precedence as a table.
import { describe, expect, it } from 'vitest';
import { mergeHookVerdicts, type HookVerdict } from '../../src/hooks/hookVerdict.js';

const ok = (hook: string, fields: Partial<HookVerdict> = {}): HookVerdict => ({ hook, outcome: 'success', ...fields });

describe('mergeHookVerdicts', () => {
  const cases: { name: string; verdicts: HookVerdict[]; expect: Record<string, unknown> }[] = [
    { name: 'no hooks: nothing decided', verdicts: [], expect: { permission: undefined, block: undefined, stop: undefined } },
    {
      name: 'deny beats allow, with the denying hook\'s reason',
      verdicts: [ok('a', { permissionDecision: 'allow', permissionDecisionReason: 'fine' }), ok('b', { permissionDecision: 'deny', permissionDecisionReason: 'no' })],
      expect: { permission: { hook: 'b', decision: 'deny', reason: 'no' } },
    },
    {
      name: 'deny beats ask, whatever the order',
      verdicts: [ok('a', { permissionDecision: 'deny', permissionDecisionReason: 'no' }), ok('b', { permissionDecision: 'ask', permissionDecisionReason: 'hmm' })],
      expect: { permission: { hook: 'a', decision: 'deny', reason: 'no' } },
    },
    {
      name: 'ask beats allow',
      verdicts: [ok('a', { permissionDecision: 'allow' }), ok('b', { permissionDecision: 'ask', permissionDecisionReason: 'check' })],
      expect: { permission: { hook: 'b', decision: 'ask', reason: 'check' } },
    },
    {
      name: 'two denies: the first configured one decides',
      verdicts: [ok('a', { permissionDecision: 'deny', permissionDecisionReason: 'first' }), ok('b', { permissionDecision: 'deny', permissionDecisionReason: 'second' })],
      expect: { permission: { hook: 'a', decision: 'deny', reason: 'first' } },
    },
    {
      name: 'a blocking hook blocks, with its reason',
      verdicts: [ok('a'), { hook: 'b', outcome: 'blocking', blockReason: 'stderr text' }],
      expect: { block: { hook: 'b', reason: 'stderr text' } },
    },
    {
      name: 'continue:false from any hook stops, with its stopReason',
      verdicts: [ok('a'), ok('b', { continue: false, stopReason: 'enough' })],
      expect: { stop: { hook: 'b', reason: 'enough' } },
    },
    {
      name: 'the deciding hook\'s updatedInput wins over an earlier one',
      verdicts: [ok('a', { updatedInput: { x: 1 } }), ok('b', { permissionDecision: 'allow', updatedInput: { x: 2 } })],
      expect: { updatedInput: { x: 2 } },
    },
    {
      name: 'without a decision, the first updatedInput is used',
      verdicts: [ok('a', { updatedInput: { x: 1 } }), ok('b', { updatedInput: { x: 2 } })],
      expect: { updatedInput: { x: 1 } },
    },
    {
      name: 'a deny drops every rewrite',
      verdicts: [ok('a', { updatedInput: { x: 1 } }), ok('b', { permissionDecision: 'deny' })],
      expect: { updatedInput: undefined },
    },
    {
      name: 'errors are collected and decide nothing',
      verdicts: [{ hook: 'a', outcome: 'error', error: 'exit code 1' }, ok('b', { permissionDecision: 'allow' })],
      expect: { errors: [{ hook: 'a', message: 'exit code 1' }], permission: { hook: 'b', decision: 'allow', reason: undefined } },
    },
    {
      name: 'context, outputs and system messages in hook order; suppressOutput if any asks',
      verdicts: [
        ok('a', { additionalContext: 'one', output: 'out-a', systemMessage: 'note a' }),
        ok('b', { additionalContext: 'two', suppressOutput: true, systemMessage: 'note b' }),
      ],
      expect: { additionalContext: ['one', 'two'], outputs: ['out-a'], systemMessages: ['note a', 'note b'], suppressOutput: true },
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const merged = mergeHookVerdicts(testCase.verdicts);
      for (const [key, value] of Object.entries(testCase.expect)) expect(merged[key as keyof typeof merged], key).toEqual(value);
    });
  }
});
