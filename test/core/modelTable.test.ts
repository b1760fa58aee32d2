// The model table: one source for ids, aliases, windows, prices and thinking style.
import { describe, expect, it } from 'vitest';
import { costOf, EMPTY_USAGE } from '../../src/services/api/cost.js';
import {
  contextWindowOf,
  DEFAULT_FAST_MODEL,
  DEFAULT_MODEL,
  MODEL_ALIASES,
  MODEL_TABLE,
  modelSpec,
  priceOf,
  resolveModelName,
  thinkingStyleOf,
} from '../../src/services/api/models.js';

describe('model table', () => {
  it('the defaults are ids Claude Code itself uses (the API serves them)', () => {
    expect(DEFAULT_MODEL).toBe('claude-sonnet-5');
    expect(DEFAULT_FAST_MODEL).toBe('claude-haiku-4-5-20251001');
    expect(modelSpec(DEFAULT_MODEL)).toBeDefined();
    expect(modelSpec(DEFAULT_FAST_MODEL)).toBeDefined();
  });

  it.each([
    ['sonnet', 'claude-sonnet-5'],
    ['opus', 'claude-opus-4-8'],
    ['haiku', 'claude-haiku-4-5-20251001'],
    ['Sonnet', 'claude-sonnet-5'],
    [' opus ', 'claude-opus-4-8'],
    ['sonnet[1m]', 'claude-sonnet-5'],
    // Full ids go out verbatim: a gateway may know only the spelling the user typed.
    ['claude-haiku-4-5', 'claude-haiku-4-5'],
    ['claude-sonnet-4-5', 'claude-sonnet-4-5'],
    ['claude-opus-4-1', 'claude-opus-4-1'],
    ['Claude-Sonnet-4-5', 'Claude-Sonnet-4-5'],
    ['claude-sonnet-4-5-20250929', 'claude-sonnet-4-5-20250929'],
    ['claude-some-future-model', 'claude-some-future-model'],
  ])('%j resolves to %s', (typed, id) => {
    expect(resolveModelName(typed)).toBe(id);
  });

  it('every alias resolves to an id in the table, and no alias is claimed twice', () => {
    const seen = new Set<string>();
    for (const spec of MODEL_TABLE) {
      for (const alias of spec.aliases) {
        expect(seen.has(alias)).toBe(false);
        seen.add(alias);
        expect(resolveModelName(alias)).toBe(spec.id);
      }
    }
    expect(MODEL_ALIASES).toEqual(['opus', 'sonnet', 'haiku']);
  });

  it('a full id still finds its table entry (window, price) without being rewritten', () => {
    expect(modelSpec('claude-sonnet-4-5')?.id).toBe('claude-sonnet-4-5-20250929');
    expect(contextWindowOf('claude-haiku-4-5', {})).toBe(200_000);
    expect(thinkingStyleOf('claude-sonnet-4-5')).toBe('budget');
  });

  it('every id has a context window, an output limit, prices and a thinking style', () => {
    for (const spec of MODEL_TABLE) {
      expect(spec.contextWindow).toBeGreaterThanOrEqual(200_000);
      expect(spec.maxOutputTokens).toBeGreaterThan(0);
      expect(spec.price.input).toBeGreaterThan(0);
      expect(spec.price.output).toBeGreaterThan(spec.price.input);
      expect(['budget', 'adaptive']).toContain(spec.thinking);
    }
  });

  it('context window: the table, 200k for an unknown model, AGENTCLI_CONTEXT_WINDOW overrides', () => {
    expect(contextWindowOf('claude-sonnet-5', {})).toBe(1_000_000);
    expect(contextWindowOf('haiku', {})).toBe(200_000);
    expect(contextWindowOf('something-else', {})).toBe(200_000);
    expect(contextWindowOf('claude-sonnet-5', { AGENTCLI_CONTEXT_WINDOW: '50000' })).toBe(50_000);
    expect(contextWindowOf('claude-sonnet-5', { AGENTCLI_CONTEXT_WINDOW: 'lots' })).toBe(1_000_000);
  });

  it('prices: the table first, then legacy ids, then the family', () => {
    expect(priceOf('claude-sonnet-5')).toEqual({ input: 2, output: 10 });
    expect(priceOf('claude-opus-4-1-20250805')).toEqual({ input: 15, output: 75 });
    expect(priceOf('claude-opus-4-1')).toEqual({ input: 15, output: 75 });
    expect(priceOf('claude-3-opus-20240229')).toEqual({ input: 15, output: 75 });
    expect(priceOf('claude-opus-9')).toEqual({ input: 5, output: 25 });
    expect(priceOf('my-gateway-model')).toEqual({ input: 2, output: 10 });
    const usage = { ...EMPTY_USAGE, input_tokens: 1_000_000, output_tokens: 1_000_000 };
    expect(costOf('opus', usage)).toBeCloseTo(30, 5);
  });

  it('thinking style: adaptive for the current Sonnet and Opus, a budget for Haiku and unknown models', () => {
    expect(thinkingStyleOf('sonnet')).toBe('adaptive');
    expect(thinkingStyleOf('opus')).toBe('adaptive');
    expect(thinkingStyleOf('haiku')).toBe('budget');
    expect(thinkingStyleOf('unknown')).toBe('budget');
  });
});
