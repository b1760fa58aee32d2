/**
 * Session-wide state that outlives a single tool call. Tools read it through
 * ToolUseContext.getAppState and change it only with setAppState, so the REPL
 * can re-render from one place.
 */
import type { ToolPermissionContext } from '../permissions/types.js';

export type TodoStatus = 'pending' | 'in_progress' | 'completed';
export type TodoItem = {
  readonly content: string;
  readonly status: TodoStatus;
  readonly activeForm: string;
};

export type AppState = {
  /** Read at every permission decision, so a mode switch or a saved rule applies to the next call. */
  readonly toolPermissionContext: ToolPermissionContext;
  readonly todos: readonly TodoItem[];
  /** Deferred tools the model has loaded with ToolSearch, in load order (keeps the tools array stable). */
  readonly loadedDeferredTools: readonly string[];
};

export type AppStateStore = {
  get(): AppState;
  set(update: (previous: AppState) => AppState): void;
  subscribe(listener: (state: AppState) => void): () => void;
};

export function createAppStateStore(initial: AppState): AppStateStore {
  let state = initial;
  const listeners = new Set<(state: AppState) => void>();
  return {
    get: () => state,
    set(update) {
      const next = update(state);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function initialAppState(toolPermissionContext: ToolPermissionContext): AppState {
  return { toolPermissionContext, todos: [], loadedDeferredTools: [] };
}
