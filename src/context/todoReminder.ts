/**
 * A light nudge when the todo list goes stale: open items, and the list has
 * not changed for STALE_AFTER_REQUESTS model requests. Given once per stale
 * stretch (the count starts again after a reminder or a change), and never
 * for an empty or finished list, so a model that keeps its list current
 * never sees it.
 */
import type { TodoItem } from '../contract/appState.js';

export const STALE_AFTER_REQUESTS = 10;

export class TodoStaleness {
  private lastSeen: readonly TodoItem[] | undefined;
  private requestsSinceChange = 0;

  /** Called before each model request with the current list; returns the reminder when it is due. */
  reminderFor(todos: readonly TodoItem[]): string | undefined {
    if (todos !== this.lastSeen) {
      this.lastSeen = todos;
      this.requestsSinceChange = 0;
      return undefined;
    }
    const open = todos.filter((todo) => todo.status !== 'completed');
    if (open.length === 0) return undefined;
    this.requestsSinceChange++;
    if (this.requestsSinceChange < STALE_AFTER_REQUESTS) return undefined;
    this.requestsSinceChange = 0;
    const inProgress = todos.find((todo) => todo.status === 'in_progress');
    const current = inProgress ? ` The item in progress is "${inProgress.content}".` : '';
    return `<system-reminder>Your todo list has not changed for a while and ${open.length} ${open.length === 1 ? 'item is' : 'items are'} still open.${current} If it no longer matches what you are doing, update it with TodoWrite (mark finished items completed, one item in_progress); if it does, carry on and ignore this reminder.</system-reminder>`;
  }
}
