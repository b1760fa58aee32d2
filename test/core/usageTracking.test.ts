import { describe, expect, it } from 'vitest';
import { CostTracker } from '../../src/services/api/cost.js';
import type { Message } from '../../src/services/api/types.js';
import type { ModelClient } from '../../src/contract/modelClient.js';
import { withUsageTracking } from '../../src/services/api/usageTrackingClient.js';

describe('withUsageTracking', () => {
  it('adds the usage of requests tools make to the session cost', async () => {
    const tracker = new CostTracker();
    const inner: ModelClient = {
      async *streamMessage() {},
      async createMessage(request) {
        return {
          id: 'msg',
          type: 'message',
          role: 'assistant',
          model: request.model,
          content: [],
          stop_reason: 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: 1_000_000, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
        } as unknown as Message;
      },
    };
    const client = withUsageTracking(inner, tracker);
    await client.createMessage({ model: 'claude-haiku-4-5-20251001', max_tokens: 10, messages: [] }, new AbortController().signal);
    expect(tracker.modelUsage.get('claude-haiku-4-5-20251001')?.input_tokens).toBe(1_000_000);
    expect(tracker.totalCostUsd).toBeCloseTo(1, 5);
  });
});
