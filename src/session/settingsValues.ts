/**
 * Plain values from the settings layers (not rules): the nearest layer that
 * sets a key wins — --settings, .claude/settings.local.json,
 * .claude/settings.json, then the user's settings.json, as --setting-sources
 * selects (src/settings/settingsFiles.ts). A file that is missing or not JSON
 * gives nothing here; the permission loader reports a malformed file at
 * start-up with its line.
 */
import { readSettingsObjects, type SettingsSelection } from '../settings/settingsFiles.js';

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
};

export type CheckpointSettings = {
  readonly enabled: boolean;
  /** Larger files are listed as not checkpointed. */
  readonly maxFileBytes: number;
  /** Checkpoints of transcripts untouched for longer are pruned. */
  readonly cleanupPeriodDays: number;
};

export const DEFAULT_CHECKPOINT_SETTINGS: CheckpointSettings = { enabled: true, maxFileBytes: 10 * 1024 * 1024, cleanupPeriodDays: 30 };

function positiveNumber(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export async function readSettingsValues(selection: SettingsSelection): Promise<SettingsValues> {
  const layers = await readSettingsObjects(selection);
  const nearest = (key: string): unknown => layers.find((layer) => key in layer.values)?.values[key];
  return {
    alwaysThinking: nearest('alwaysThinkingEnabled') === true,
    outputStyle: typeof nearest('outputStyle') === 'string' ? (nearest('outputStyle') as string) : undefined,
    model: typeof nearest('model') === 'string' && (nearest('model') as string).trim() !== '' ? (nearest('model') as string) : undefined,
    autoCompactEnabled: typeof nearest('autoCompactEnabled') === 'boolean' ? (nearest('autoCompactEnabled') as boolean) : undefined,
    checkpoints: {
      enabled: nearest('fileCheckpointingEnabled') !== false,
      maxFileBytes: positiveNumber(nearest('checkpointMaxFileBytes'), DEFAULT_CHECKPOINT_SETTINGS.maxFileBytes),
      cleanupPeriodDays: positiveNumber(nearest('cleanupPeriodDays'), DEFAULT_CHECKPOINT_SETTINGS.cleanupPeriodDays),
    },
  };
}
