// The stale-todo nudge: only for open items left unchanged for a while, once per stretch.
import { describe, expect, it } from 'vitest';
import { STALE_AFTER_REQUESTS, TodoStaleness } from '../../src/context/todoReminder.js';
import type { TodoItem } from '../../src/contract/appState.js';

const open: readonly TodoItem[] = [
  { content: 'Write the parser', status: 'in_progress', activeForm: 'Writing the parser' },
  { content: 'Test it', status: 'pending', activeForm: 'Testing it' },
];

function requestsUntilReminder(staleness: TodoStaleness, todos: readonly TodoItem[], limit = 50): number | undefined {
  for (let request = 1; request <= limit; request++) if (staleness.reminderFor(todos)) return request;
  return undefined;
}

describe('stale todo reminder', () => {
  it('comes after the list stays unchanged with open items, names the item in progress, then waits again', () => {
    const staleness = new TodoStaleness();
    expect(requestsUntilReminder(staleness, open)).toBe(STALE_AFTER_REQUESTS + 1);
    expect(requestsUntilReminder(staleness, open)).toBe(STALE_AFTER_REQUESTS);
    const fresh = new TodoStaleness();
    fresh.reminderFor(open);
    let text: string | undefined;
    for (let request = 0; request < STALE_AFTER_REQUESTS && !text; request++) text = fresh.reminderFor(open);
    expect(text).toContain('"Write the parser"');
    expect(text).toContain('2 items are still open');
  });

  it('never for an empty or finished list', () => {
    const done: readonly TodoItem[] = [{ content: 'x', status: 'completed', activeForm: 'x' }];
    expect(requestsUntilReminder(new TodoStaleness(), [])).toBeUndefined();
    expect(requestsUntilReminder(new TodoStaleness(), done)).toBeUndefined();
  });

  it('a change to the list starts the count again', () => {
    const staleness = new TodoStaleness();
    for (let request = 0; request < STALE_AFTER_REQUESTS; request++) expect(staleness.reminderFor(open)).toBeUndefined();
    const changed = [...open];
    expect(staleness.reminderFor(changed)).toBeUndefined();
    expect(requestsUntilReminder(staleness, changed)).toBe(STALE_AFTER_REQUESTS);
  });
});
