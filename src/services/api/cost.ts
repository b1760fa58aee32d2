/**
 * Token usage and estimated cost, accumulated per model. Prices are USD per
 * million tokens; cache writes cost 1.25× input and cache reads 0.1× input.
 * Prices come from the model table (models.ts); a model it does not know is
 * costed as its family — an estimate, never a bill.
 */
import type { Usage } from '@anthropic-ai/sdk/resources/messages';
import { priceOf } from './models.js';

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
  private readonly byAgent = new Map<string, CostTracker>();

  /** A subagent's tracker forwards everything to the session's, so totals include children. */
  constructor(private readonly parent?: CostTracker) {}

  /**
   * The tally of one agent type (`Explore`, `reviewer` …): what its children
   * spend counts there and in this session's totals. Nested children count
   * under their own type at the top.
   */
  forAgent(agentType: string): CostTracker {
    if (this.parent) return this.parent.forAgent(agentType);
    let tracker = this.byAgent.get(agentType);
    if (!tracker) {
      tracker = new CostTracker(this);
      this.byAgent.set(agentType, tracker);
    }
    return tracker;
  }

  /** Per agent type, what its children spent (models inside). Empty when no subagent ran. */
  get agentUsage(): ReadonlyMap<string, CostTracker> {
    return this.byAgent;
  }

  add(model: string, usage: Usage): void {
    this.parent?.add(model, usage);
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
    this.parent?.addApiDuration(ms);
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
