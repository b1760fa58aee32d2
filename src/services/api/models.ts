/**
 * The one model table: every place that needs a fact about a model (the
 * default, `--model` and `/model` aliases, agents, WebFetch's fast model,
 * cost, context windows for compaction and ToolSearch, thinking style)
 * reads it here.
 *
 * Ids are the ones the Anthropic API serves today and Claude Code's own
 * aliases resolve to (opus → claude-opus-4-8, sonnet → claude-sonnet-5,
 * haiku → claude-haiku-4-5-20251001), so a new user's first request names a
 * model that exists. Sonnet 5.5 is listed for its prices and window but is
 * not the default: it returns text between tool calls as thinking blocks,
 * which changes what a user sees mid-turn.
 *
 * Prices are USD per million tokens (cache writes 1.25× input, reads 0.1×,
 * applied in cost.ts). A model not in the table is priced by its family and
 * given a 200,000-token window: an estimate that errs towards compacting early.
 */

export type ThinkingStyle = 'budget' | 'adaptive';
export type ModelFamily = 'opus' | 'sonnet' | 'haiku';
export type ModelPrice = { readonly input: number; readonly output: number };

export type ModelSpec = {
  readonly id: string;
  readonly label: string;
  readonly family: ModelFamily;
  /** Short names accepted wherever a model is named (case-insensitive): only `opus`, `sonnet`, `haiku`. */
  readonly aliases: readonly string[];
  readonly contextWindow: number;
  readonly maxOutputTokens: number;
  readonly price: ModelPrice;
  /** `budget`: thinking takes budget_tokens; `adaptive`: the model decides, steered by an effort level. */
  readonly thinking: ThinkingStyle;
};

export const MODEL_TABLE: readonly ModelSpec[] = [
  {
    id: 'claude-opus-4-8',
    label: 'Opus 4.8',
    family: 'opus',
    aliases: ['opus'],
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    price: { input: 5, output: 25 },
    thinking: 'adaptive',
  },
  {
    id: 'claude-sonnet-5',
    label: 'Sonnet 5',
    family: 'sonnet',
    aliases: ['sonnet'],
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    price: { input: 2, output: 10 },
    thinking: 'adaptive',
  },
  {
    id: 'claude-haiku-4-5-20251001',
    label: 'Haiku 4.5',
    family: 'haiku',
    aliases: ['haiku'],
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    price: { input: 1, output: 5 },
    thinking: 'budget',
  },
  {
    id: 'claude-sonnet-5-5',
    label: 'Sonnet 5.5',
    family: 'sonnet',
    aliases: [],
    contextWindow: 1_000_000,
    maxOutputTokens: 128_000,
    price: { input: 2, output: 10 },
    thinking: 'adaptive',
  },
  {
    id: 'claude-opus-4-7',
    label: 'Opus 4.7',
    family: 'opus',
    aliases: [],
    contextWindow: 200_000,
    maxOutputTokens: 128_000,
    price: { input: 5, output: 25 },
    thinking: 'adaptive',
  },
  {
    id: 'claude-sonnet-4-6',
    label: 'Sonnet 4.6',
    family: 'sonnet',
    aliases: [],
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    price: { input: 3, output: 15 },
    thinking: 'budget',
  },
  {
    id: 'claude-sonnet-4-5-20250929',
    label: 'Sonnet 4.5',
    family: 'sonnet',
    aliases: [],
    contextWindow: 200_000,
    maxOutputTokens: 64_000,
    price: { input: 3, output: 15 },
    thinking: 'budget',
  },
  {
    id: 'claude-opus-4-1-20250805',
    label: 'Opus 4.1',
    family: 'opus',
    aliases: [],
    contextWindow: 200_000,
    maxOutputTokens: 32_000,
    price: { input: 15, output: 75 },
    thinking: 'budget',
  },
];

export const DEFAULT_MODEL = 'claude-sonnet-5';
/** The small, fast model for side requests (WebFetch's page answers, Explore agents). */
export const DEFAULT_FAST_MODEL = 'claude-haiku-4-5-20251001';
/** The window assumed for a model the table does not know. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/** The aliases users type, for help texts and pickers. */
export const MODEL_ALIASES: readonly string[] = MODEL_TABLE.flatMap((spec) => spec.aliases);

const FAMILY_PRICES: Readonly<Record<ModelFamily, ModelPrice>> = {
  opus: { input: 5, output: 25 },
  sonnet: { input: 2, output: 10 },
  haiku: { input: 1, output: 5 },
};
/** Claude 3 models keep their own, older prices. */
const LEGACY_PRICES: ReadonlyArray<readonly [RegExp, ModelPrice]> = [
  [/claude-3-opus/, { input: 15, output: 75 }],
  [/claude-3-(5-)?sonnet|claude-3-7-sonnet|claude-sonnet-4-(0|20)/, { input: 3, output: 15 }],
  [/claude-3-5-haiku/, { input: 0.8, output: 4 }],
  [/claude-3-haiku/, { input: 0.25, output: 1.25 }],
];

/**
 * The id to send for what the user typed: a short alias (`sonnet`, `opus`,
 * `haiku`) becomes its id; Claude Code's `[1m]` suffix is dropped (current
 * models have their long window without it); anything else is a full id and
 * is sent exactly as typed — a gateway or proxy may know only that spelling,
 * so `claude-sonnet-4-5` is never rewritten to a dated snapshot.
 */
export function resolveModelName(name: string): string {
  const trimmed = name.trim().replace(/\[1m\]$/i, '');
  const lower = trimmed.toLowerCase();
  const spec = MODEL_TABLE.find((candidate) => candidate.aliases.includes(lower));
  return spec ? spec.id : trimmed;
}

/** The table's entry for an id (dated and undated spellings both found), or undefined. */
export function modelSpec(model: string): ModelSpec | undefined {
  const id = resolveModelName(model).toLowerCase();
  return (
    MODEL_TABLE.find((spec) => spec.id === id || spec.aliases.includes(id)) ??
    MODEL_TABLE.find((spec) => id.replace(/-\d{8}$/, '') === spec.id.replace(/-\d{8}$/, ''))
  );
}

export function familyOf(model: string): ModelFamily | undefined {
  const spec = modelSpec(model);
  if (spec) return spec.family;
  const lower = model.toLowerCase();
  return (['opus', 'sonnet', 'haiku'] as const).find((family) => lower.includes(family));
}

export function priceOf(model: string): ModelPrice {
  const spec = modelSpec(model);
  if (spec) return spec.price;
  const lower = model.toLowerCase();
  const legacy = LEGACY_PRICES.find(([pattern]) => pattern.test(lower));
  if (legacy) return legacy[1];
  return FAMILY_PRICES[familyOf(model) ?? 'sonnet'];
}

/** The fast model side requests use: `AGENTCLI_FAST_MODEL` (an alias or id), else Haiku. */
export function fastModelFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const chosen = env.AGENTCLI_FAST_MODEL?.trim();
  return chosen ? resolveModelName(chosen) : DEFAULT_FAST_MODEL;
}

/** The context window compaction and ToolSearch measure against; `AGENTCLI_CONTEXT_WINDOW` overrides. */
export function contextWindowOf(model: string, env: NodeJS.ProcessEnv = process.env): number {
  const override = Number.parseInt(env.AGENTCLI_CONTEXT_WINDOW ?? '', 10);
  if (Number.isFinite(override) && override > 0) return override;
  return modelSpec(model)?.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
}

/** Unknown models are assumed to take a thinking budget, the form every thinking model once accepted. */
export function thinkingStyleOf(model: string): ThinkingStyle {
  return modelSpec(model)?.thinking ?? 'budget';
}
