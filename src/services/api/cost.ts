/**
 * Token usage and estimated cost, accumulated per model. Prices are USD per
 * million tokens; cache writes cost 1.25× input and cache reads 0.1× input.
 * A model we have no price for is costed as its family (opus/sonnet/haiku),
 * or as sonnet when even that is unknown — an estimate, never a bill.
 */
import type { Usage } from '@anthropic-ai/sdk/resources/messages';

/** Usage with every count at zero, in the API's full shape. */
export const EMPTY_USAGE: Usage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation: null,
  cache_creation_input_tokens: null,
  cache_read_input_tokens: null,
  inference_geo: null,
  output_tokens_details: null,
  server_tool_use: null,
  service_tier: null,
  speed: null,
};

type Price = { readonly input: number; readonly output: number };

const PRICES: ReadonlyArray<readonly [RegExp, Price]> = [
  [/claude-3-opus|claude-opus-4(-[01])?(-\d{8})?$|claude-opus-4-1/, { input: 15, output: 75 }],
  [/opus/, { input: 5, output: 25 }],
  [/claude-3-5-haiku|claude-3-haiku/, { input: 0.8, output: 4 }],
  [/haiku/, { input: 1, output: 5 }],
  [/sonnet/, { input: 3, output: 15 }],
];
const FALLBACK_PRICE: Price = { input: 3, output: 15 };

export function priceOf(model: string): Price {
  return PRICES.find(([pattern]) => pattern.test(model))?.[1] ?? FALLBACK_PRICE;
}

export type ModelUsage = {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  web_search_requests: number;
  cost_usd: number;
};

export function costOf(model: string, usage: Usage): number {
  const price = priceOf(model);
  const perToken = (perMillion: number): number => perMillion / 1_000_000;
  return (
    usage.input_tokens * perToken(price.input) +
    (usage.cache_creation_input_tokens ?? 0) * perToken(price.input * 1.25) +
    (usage.cache_read_input_tokens ?? 0) * perToken(price.input * 0.1) +
    usage.output_tokens * perToken(price.output) +
    (usage.server_tool_use?.web_search_requests ?? 0) * 0.01
  );
}

export class CostTracker {
  private readonly byModel = new Map<string, ModelUsage>();
  private apiDurationMs = 0;

  add(model: string, usage: Usage): void {
    const entry = this.byModel.get(model) ?? {
      input_tokens: 0,
      output_tokens: 0,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      web_search_requests: 0,
      cost_usd: 0,
    };
    entry.input_tokens += usage.input_tokens;
    entry.output_tokens += usage.output_tokens;
    entry.cache_creation_input_tokens += usage.cache_creation_input_tokens ?? 0;
    entry.cache_read_input_tokens += usage.cache_read_input_tokens ?? 0;
    entry.web_search_requests += usage.server_tool_use?.web_search_requests ?? 0;
    entry.cost_usd += costOf(model, usage);
    this.byModel.set(model, entry);
  }

  addApiDuration(ms: number): void {
    this.apiDurationMs += ms;
  }

  get totalCostUsd(): number {
    let total = 0;
    for (const entry of this.byModel.values()) total += entry.cost_usd;
    return total;
  }

  get totalApiDurationMs(): number {
    return this.apiDurationMs;
  }

  get modelUsage(): ReadonlyMap<string, Readonly<ModelUsage>> {
    return this.byModel;
  }

  /** Summed over models, in the API's usage shape (for the json result). */
  totalUsage(): Omit<ModelUsage, 'cost_usd' | 'web_search_requests'> & { server_tool_use: { web_search_requests: number } } {
    const total = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    let webSearches = 0;
    for (const entry of this.byModel.values()) {
      total.input_tokens += entry.input_tokens;
      total.output_tokens += entry.output_tokens;
      total.cache_creation_input_tokens += entry.cache_creation_input_tokens;
      total.cache_read_input_tokens += entry.cache_read_input_tokens;
      webSearches += entry.web_search_requests;
    }
    return { ...total, server_tool_use: { web_search_requests: webSearches } };
  }
}
