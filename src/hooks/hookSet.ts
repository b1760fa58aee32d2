/**
 * The session's hooks: picks the runners an event's input matches, runs them
 * in parallel (a runner configured twice runs once), and merges their
 * verdicts in configuration order, so the outcome never depends on which
 * hook finished first. A runner that throws is a non-blocking error, like a
 * command that fails.
 */
import { matchTargetOf, type HookEventName, type HookInput } from './hookEvents.js';
import { EMPTY_MERGED_VERDICT, mergeHookVerdicts, type HookVerdict, type MergedHookVerdict } from './hookVerdict.js';
import type { HookActivity, HookRunContext, HookRunner, HookSet } from './types.js';
import { monotonicMs } from '../utils/clock.js';
import { createWatchList } from './watchList.js';

export function createHookSet(runners: readonly HookRunner[]): HookSet {
  const listeners = new Set<(activity: HookActivity) => void>();
  const emit = (activity: HookActivity): void => {
    for (const listener of listeners) listener(activity);
  };
  const matching = (event: HookEventName, target: string | undefined): HookRunner[] => {
    const seen = new Set<string>();
    return runners.filter((runner) => {
      if (!runner.active || runner.event !== event) return false;
      // Events without a match target (UserPromptSubmit, Stop, ...) run every hook, whatever its matcher.
      if (target !== undefined && !runner.matcher.matches(target)) return false;
      if (seen.has(runner.dedupeKey)) return false;
      seen.add(runner.dedupeKey);
      return true;
    });
  };

  return {
    runners,
    watchList: createWatchList(),
    has: (event, target) => matching(event, target).length > 0,
    async run(input: HookInput, context: HookRunContext): Promise<MergedHookVerdict> {
      const event = input.hook_event_name;
      const target = matchTargetOf(input);
      const selected = matching(event, target);
      if (selected.length === 0) return EMPTY_MERGED_VERDICT;
      const started = monotonicMs();
      emit({ type: 'hooks_started', event, target, hooks: selected.map((runner) => runner.label) });
      const verdicts = await Promise.all(selected.map((runner) => runSafely(runner, input, context)));
      const merged = mergeHookVerdicts(verdicts);
      emit({ type: 'hooks_finished', event, target, verdicts, merged, durationMs: monotonicMs() - started });
      return merged;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function runSafely(runner: HookRunner, input: HookInput, context: HookRunContext): Promise<HookVerdict> {
  try {
    return await runner.run(input, context);
  } catch (error) {
    return { hook: runner.label, outcome: 'error', error: error instanceof Error ? error.message : String(error) };
  }
}

export const NO_HOOKS: HookSet = createHookSet([]);
