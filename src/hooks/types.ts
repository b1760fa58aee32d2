/**
 * Hooks are a list of runners. Each runner belongs to one event, has a
 * matcher, and returns a typed verdict; the verdicts of one event are merged
 * by one pure function (hookVerdict.ts). Command hooks from settings files
 * are one kind of runner (commandHookRunner.ts); in-process callbacks (the
 * Agent SDK's) are another and only need to implement `run`.
 */
import type { HookEventName, HookInput } from './hookEvents.js';
import type { HookMatcher } from './hookMatcher.js';
import type { HookVerdict, MergedHookVerdict } from './hookVerdict.js';
import type { WatchList } from './watchList.js';

export type HookRunContext = {
  /** Aborted when the user interrupts: running hooks are stopped. */
  readonly signal: AbortSignal;
  readonly cwd: string;
  /** The project root, given to commands as CLAUDE_PROJECT_DIR. */
  readonly projectDir: string;
  /** SessionStart: the file command hooks may write `export NAME=value` lines to (CLAUDE_ENV_FILE; sessionShellEnvironment.ts). */
  readonly envFile?: string;
};

export type HookRunner = {
  readonly event: HookEventName;
  readonly matcher: HookMatcher;
  /** What the user recognises it by: the command, or a callback's name. */
  readonly label: string;
  /** Where it was configured: a settings file (with :line), or e.g. "sdk". */
  readonly source: string;
  /** Runners with the same key run once per event: the same command configured in two files runs once. */
  readonly dedupeKey: string;
  /** False for a repository hook while the folder is untrusted: listed by /hooks, never run. */
  readonly active: boolean;
  run(input: HookInput, context: HookRunContext): Promise<HookVerdict>;
};

/** What the front ends show: a quiet progress line, errors, `--verbose` stream-json. */
export type HookActivity =
  | { readonly type: 'hooks_started'; readonly event: HookEventName; readonly target: string | undefined; readonly hooks: readonly string[] }
  | {
      readonly type: 'hooks_finished';
      readonly event: HookEventName;
      readonly target: string | undefined;
      readonly verdicts: readonly HookVerdict[];
      readonly merged: MergedHookVerdict;
      readonly durationMs: number;
    };

export type HookSet = {
  readonly runners: readonly HookRunner[];
  /** Whether an active runner matches; lets callers skip building an event's input. */
  has(event: HookEventName, target?: string): boolean;
  /** Runs the matching runners in parallel (identical ones once) and merges their verdicts. */
  run(input: HookInput, context: HookRunContext): Promise<MergedHookVerdict>;
  subscribe(listener: (activity: HookActivity) => void): () => void;
  /** What FileChanged watches beyond its matchers (hooks' `watchPaths`, the working directory). */
  readonly watchList: WatchList;
};

/** Kept under its old name: the tool pipeline's environment carries the session's hook set. */
export type ToolHooks = HookSet;

export { NO_HOOKS } from './hookSet.js';

/** What Stop and SubagentStop hooks answer when the model ends its turn: let it stop, send it back to work, or halt the run. */
export type StopAnswer =
  | { readonly kind: 'stop' }
  | { readonly kind: 'continue'; readonly reason: string }
  | { readonly kind: 'halt'; readonly reason: string };
