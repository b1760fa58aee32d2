/**
 * Plain values from the settings layers (not rules): the nearest layer that
 * sets a key wins — --settings, .claude/settings.local.json,
 * .claude/settings.json, then the user's settings.json, as --setting-sources
 * selects (src/settings/settingsFiles.ts). A file that is missing or not JSON
 * gives nothing here; the permission loader reports a malformed file at
 * start-up with its line.
 */
import type { SettingsSelection } from '../settings/settingsFiles.js';
import { settingsSnapshotOf, type SettingsSnapshot } from '../settings/settingsSnapshot.js';

export type SettingsValues = {
  /** `alwaysThinkingEnabled`: extended thinking on for every prompt. */
  readonly alwaysThinking: boolean;
  /** `outputStyle`: the output style's name (Claude Code writes it to .claude/settings.local.json). */
  readonly outputStyle: string | undefined;
  /** `model`: the model when neither --model nor ANTHROPIC_MODEL names one. */
  readonly model: string | undefined;
  /** `autoCompactEnabled`: false turns automatic compaction off (AGENTCLI_AUTOCOMPACT_PCT still wins). */
  readonly autoCompactEnabled: boolean | undefined;
  /** File checkpoints (src/session/checkpoints/): `fileCheckpointingEnabled`, `checkpointMaxFileBytes`, `cleanupPeriodDays`. */
  readonly checkpoints: CheckpointSettings;
  /**
   * `budget`: the session's spend cap in US dollars, as a number (`"budget": 5`) or
   * `{ "maxUsd": 5 }`; --max-budget-usd wins. Repository settings may only lower the user's own cap.
   */
  readonly budgetUsd: number | undefined;
};

export type CheckpointSettings = {
  readonly enabled: boolean;
  /** Larger files are listed as not checkpointed. */
  readonly maxFileBytes: number;
  /** Sessions untouched for longer are deleted: transcripts, session folders and the checkpoints only they name. */
  readonly cleanupPeriodDays: number;
};

export const DEFAULT_CHECKPOINT_SETTINGS: CheckpointSettings = { enabled: true, maxFileBytes: 10 * 1024 * 1024, cleanupPeriodDays: 30 };

function positiveNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export async function readSettingsValues(settings: SettingsSelection | SettingsSnapshot): Promise<SettingsValues> {
  const layers = (await settingsSnapshotOf(settings)).objects;
  const nearest = (key: string): unknown => layers.find((layer) => key in layer.values)?.values[key];
  return {
    alwaysThinking: nearest('alwaysThinkingEnabled') === true,
    outputStyle: typeof nearest('outputStyle') === 'string' ? (nearest('outputStyle') as string) : undefined,
    model: typeof nearest('model') === 'string' && (nearest('model') as string).trim() !== '' ? (nearest('model') as string) : undefined,
    autoCompactEnabled: typeof nearest('autoCompactEnabled') === 'boolean' ? (nearest('autoCompactEnabled') as boolean) : undefined,
    checkpoints: {
      enabled: nearest('fileCheckpointingEnabled') !== false,
      maxFileBytes: positiveNumber(nearest('checkpointMaxFileBytes'), DEFAULT_CHECKPOINT_SETTINGS.maxFileBytes),
      cleanupPeriodDays: cleanupPeriodDays(layers),
    },
    budgetUsd: budgetUsd(layers),
  };
}

/** `"budget": 5` or `"budget": { "maxUsd": 5 }`; anything else is no cap. */
function budgetValue(value: unknown): number | undefined {
  const amount = typeof value === 'object' && value !== null ? (value as { readonly maxUsd?: unknown }).maxUsd : value;
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

/**
 * The nearest layer's `budget`, except that repository content may only lower a cap: a cloned
 * project's settings must not be able to lift the spending limit the user set for themselves.
 */
function budgetUsd(layers: ReadonlyArray<{ readonly fromRepository: boolean; readonly values: Record<string, unknown> }>): number | undefined {
  const own = budgetValue(layers.find((layer) => !layer.fromRepository && 'budget' in layer.values)?.values.budget);
  const nearest = layers.find((layer) => 'budget' in layer.values);
  if (!nearest?.fromRepository) return own;
  const fromRepository = budgetValue(nearest.values.budget);
  if (fromRepository === undefined) return own;
  return own === undefined ? fromRepository : Math.min(own, fromRepository);
}

/**
 * The nearest layer's `cleanupPeriodDays`, except that repository content may only keep sessions longer:
 * a cloned project's settings must not be able to delete the user's history (every project's sessions are
 * cleaned up by this value).
 */
function cleanupPeriodDays(layers: ReadonlyArray<{ readonly fromRepository: boolean; readonly values: Record<string, unknown> }>): number {
  const fallback = DEFAULT_CHECKPOINT_SETTINGS.cleanupPeriodDays;
  const own = layers.find((layer) => !layer.fromRepository && 'cleanupPeriodDays' in layer.values);
  const ownDays = positiveNumber(own?.values.cleanupPeriodDays, fallback);
  const nearest = layers.find((layer) => 'cleanupPeriodDays' in layer.values);
  if (!nearest?.fromRepository) return ownDays;
  return Math.max(ownDays, positiveNumber(nearest.values.cleanupPeriodDays, ownDays));
}
