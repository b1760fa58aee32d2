/**
 * Session-wide state that outlives a single tool call. Tools read it through
 * ToolUseContext.appState and change it only with `set`, so the REPL can
 * re-render from one place. The store itself is src/state/appState.ts.
 */
import type { ToolPermissionContext } from './permissions.js';

export type TodoStatus = 'pending' | 'in_progress' | 'completed';
export type TodoItem = {
  readonly content: string;
  readonly status: TodoStatus;
  readonly activeForm: string;
};

export type AppState = {
  /**
   * Read at every permission decision, so a mode switch or a saved rule
   * applies to the next call. Written only by PermissionState
   * (src/permissions/permissionState.ts): ask it to change.
   */
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
