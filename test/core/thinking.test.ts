// Extended thinking: which requests ask the model to think, and how, per model style.
import { describe, expect, it } from 'vitest';
import { HARD_THINK_BUDGET, parseEffort, promptThinkingBudget, thinkingForPrompt, ULTRATHINK_BUDGET } from '../../src/services/api/thinking.js';
import { buildModelRequest } from '../../src/query/requestBuilder.js';

const HAIKU = 'claude-haiku-4-5-20251001'; // budget style, 64k output
const SONNET = 'claude-sonnet-5'; // adaptive

describe('thinking', () => {
  it.each([
    ['fix the bug', undefined],
    ['I think this is broken', undefined],
    ['think hard about the race', HARD_THINK_BUDGET],
    ['Please THINK HARD', HARD_THINK_BUDGET],
    ['ultrathink: redesign the cache', ULTRATHINK_BUDGET],
    ['think harder about it', ULTRATHINK_BUDGET],
  ])('%j asks for a budget of %s', (prompt, budget) => {
    expect(promptThinkingBudget(prompt)).toBe(budget);
  });

  it('budget models: nothing by default; words, the flag and the setting choose a budget; max_tokens leaves room for the answer', () => {
    expect(thinkingForPrompt('fix it', HAIKU, {})).toEqual({});
    expect(thinkingForPrompt('ultrathink', HAIKU, {})).toEqual({ thinking: { type: 'enabled', budget_tokens: 31_999 }, minMaxTokens: 39_999 });
    expect(thinkingForPrompt('fix it', HAIKU, { maxThinkingTokens: 5_000 })).toEqual({ thinking: { type: 'enabled', budget_tokens: 5_000 }, minMaxTokens: 13_000 });
    expect(thinkingForPrompt('ultrathink', HAIKU, { maxThinkingTokens: 2_000 }).thinking).toEqual({ type: 'enabled', budget_tokens: 2_000 });
    expect(thinkingForPrompt('fix it', HAIKU, { alwaysThinking: true }).thinking).toEqual({ type: 'enabled', budget_tokens: 31_999 });
    expect(thinkingForPrompt('fix it', HAIKU, { maxThinkingTokens: 100 }).thinking).toEqual({ type: 'enabled', budget_tokens: 1_024 });
    expect(thinkingForPrompt('fix it', HAIKU, { maxThinkingTokens: 500_000 }).thinking).toEqual({ type: 'enabled', budget_tokens: 56_000 });
  });

  it('adaptive models: never a budget; an effort level from --effort, the flag or the words', () => {
    expect(thinkingForPrompt('fix it', SONNET, {})).toEqual({});
    expect(thinkingForPrompt('ultrathink', SONNET, {})).toEqual({ thinking: { type: 'adaptive' }, outputConfig: { effort: 'high' } });
    expect(thinkingForPrompt('fix it', SONNET, { effort: 'low' })).toEqual({ thinking: { type: 'adaptive' }, outputConfig: { effort: 'low' } });
    expect(thinkingForPrompt('fix it', SONNET, { maxThinkingTokens: 8_000 })).toEqual({ thinking: { type: 'adaptive' }, outputConfig: { effort: 'medium' } });
    expect(thinkingForPrompt('fix it', SONNET, { alwaysThinking: true })).toEqual({ thinking: { type: 'adaptive' } });
  });

  it('--max-thinking-tokens 0 turns thinking off for either style, whatever the prompt says', () => {
    expect(thinkingForPrompt('ultrathink', HAIKU, { maxThinkingTokens: 0 })).toEqual({ thinking: { type: 'disabled' } });
    expect(thinkingForPrompt('ultrathink', SONNET, { maxThinkingTokens: 0, alwaysThinking: true })).toEqual({ thinking: { type: 'disabled' } });
  });

  it('the request carries thinking and output_config, and max_tokens never below the budget plus room', () => {
    const base = { model: HAIKU, maxTokens: 32_000, system: [], messages: [], tools: [] };
    const request = buildModelRequest({ ...base, thinking: thinkingForPrompt('ultrathink', HAIKU, {}) });
    expect(request.thinking).toEqual({ type: 'enabled', budget_tokens: 31_999 });
    expect(request.max_tokens).toBe(39_999);
    const adaptive = buildModelRequest({ ...base, model: SONNET, thinking: thinkingForPrompt('x', SONNET, { effort: 'medium' }) });
    expect(adaptive.output_config).toEqual({ effort: 'medium' });
    expect(adaptive.max_tokens).toBe(32_000);
    expect(buildModelRequest(base)).not.toHaveProperty('thinking');
  });

  it('--effort accepts low, medium, high only', () => {
    expect(parseEffort('High')).toBe('high');
    // Claude Code's levels above high (the Agent SDK passes them) ask for our highest.
    expect(parseEffort('xhigh')).toBe('high');
    expect(parseEffort('max')).toBe('high');
    expect(() => parseEffort('extreme')).toThrow('--effort must be one of low, medium, high');
  });
});
