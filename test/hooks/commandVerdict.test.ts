// Exit codes and JSON fields of a command hook, read as a verdict.
import { describe, expect, it } from 'vitest';
import { verdictFromCommand, type FinishedCommand } from '../../src/hooks/commandVerdict.js';

const finished = (fields: Partial<FinishedCommand>): FinishedCommand => ({ exitCode: 0, signal: null, stdout: '', stderr: '', ...fields });
const json = (value: unknown): FinishedCommand => finished({ stdout: JSON.stringify(value) });

describe('verdictFromCommand: exit codes', () => {
  it('0 with plain stdout: success carrying the output', () => {
    expect(verdictFromCommand('UserPromptSubmit', 'h', finished({ stdout: 'branch main\n' }))).toEqual({ hook: 'h', outcome: 'success', output: 'branch main' });
  });
  it('2: blocking, stderr is the reason', () => {
    expect(verdictFromCommand('PreToolUse', 'h', finished({ exitCode: 2, stderr: 'no rm -rf\n' }))).toMatchObject({ outcome: 'blocking', blockReason: 'no rm -rf' });
  });
  it('2 without stderr still blocks, saying so', () => {
    expect(verdictFromCommand('PreToolUse', 'h', finished({ exitCode: 2 })).blockReason).toContain('exit code 2');
  });
  it('any other code: a non-blocking error with stderr', () => {
    expect(verdictFromCommand('PreToolUse', 'h', finished({ exitCode: 1, stderr: 'boom' }))).toMatchObject({ outcome: 'error', error: 'exit code 1: boom' });
  });
  it('a timeout is a non-blocking error', () => {
    expect(verdictFromCommand('PreToolUse', 'h', finished({ exitCode: null, signal: 'SIGTERM', timedOutAfterMs: 1500 }))).toMatchObject({ outcome: 'error', error: 'timed out after 1.5 s and was stopped' });
  });
  it('a command that could not start is a non-blocking error', () => {
    expect(verdictFromCommand('Stop', 'h', finished({ exitCode: null, startError: 'ENOENT' })).outcome).toBe('error');
  });
  it('stdout that looks like JSON but is not: plain output', () => {
    expect(verdictFromCommand('SessionStart', 'h', finished({ stdout: '{not json' }))).toMatchObject({ outcome: 'success', output: '{not json' });
  });
});

describe('verdictFromCommand: JSON fields', () => {
  it('continue:false + stopReason', () => {
    expect(verdictFromCommand('PostToolUse', 'h', json({ continue: false, stopReason: 'done' }))).toMatchObject({ continue: false, stopReason: 'done' });
  });
  it('suppressOutput and systemMessage', () => {
    expect(verdictFromCommand('PostToolUse', 'h', json({ suppressOutput: true, systemMessage: 'formatted' }))).toMatchObject({ suppressOutput: true, systemMessage: 'formatted' });
  });
  it('decision:block + reason blocks PostToolUse, UserPromptSubmit and Stop', () => {
    for (const event of ['PostToolUse', 'UserPromptSubmit', 'Stop'] as const) {
      expect(verdictFromCommand(event, 'h', json({ decision: 'block', reason: 'tests fail' }))).toMatchObject({ outcome: 'blocking', blockReason: 'tests fail' });
    }
  });
  it('PreToolUse: decision block/approve are the older spelling of deny/allow', () => {
    expect(verdictFromCommand('PreToolUse', 'h', json({ decision: 'block', reason: 'r' }))).toMatchObject({ outcome: 'success', permissionDecision: 'deny', permissionDecisionReason: 'r' });
    expect(verdictFromCommand('PreToolUse', 'h', json({ decision: 'approve' }))).toMatchObject({ permissionDecision: 'allow' });
  });
  it('hookSpecificOutput: permissionDecision, reason, updatedInput, additionalContext', () => {
    const verdict = verdictFromCommand(
      'PreToolUse',
      'h',
      json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: 'why', updatedInput: { command: 'ls' }, additionalContext: 'ctx' } }),
    );
    expect(verdict).toEqual({ hook: 'h', outcome: 'success', permissionDecision: 'ask', permissionDecisionReason: 'why', updatedInput: { command: 'ls' }, additionalContext: 'ctx' });
  });
  it('a field of the wrong type is an error naming it, not half obeyed', () => {
    const verdict = verdictFromCommand('PreToolUse', 'h', json({ hookSpecificOutput: { permissionDecision: 'maybe', updatedInput: 'rm -rf /' } }));
    expect(verdict.outcome).toBe('error');
    expect(verdict.error).toContain('permissionDecision');
    expect(verdict.error).toContain('updatedInput');
    expect(verdict.updatedInput).toBeUndefined();
  });
  it('hookSpecificOutput for another event is an error', () => {
    expect(verdictFromCommand('PostToolUse', 'h', json({ hookSpecificOutput: { hookEventName: 'PreToolUse' } })).outcome).toBe('error');
  });
});
