/** The store behind ToolUseContext.appState (the state's shape is the contract's: src/contract/appState.ts). */
import type { AppState, AppStateStore } from '../contract/appState.js';
import type { ToolPermissionContext } from '../contract/permissions.js';

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
