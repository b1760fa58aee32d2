/**
 * The model client handed to tools (WebFetch's page questions, WebSearch's
 * side requests): every response's usage is added to the session's cost, so
 * `total_cost_usd` covers the requests tools make, not only the main loop's.
 */
import { EMPTY_USAGE, type CostTracker } from './cost.js';
import type { ModelClient } from '../../contract/modelClient.js';
import { monotonicMs } from '../../utils/clock.js';

export function withUsageTracking(client: ModelClient, costTracker: CostTracker): ModelClient {
  return {
    async *streamMessage(request, signal) {
      const started = monotonicMs();
      let model = request.model;
      try {
        for await (const event of client.streamMessage(request, signal)) {
          if (event.type === 'message_start') {
            model = event.message.model || model;
            costTracker.add(model, { ...event.message.usage, output_tokens: 0 });
          } else if (event.type === 'message_delta') {
            // message_start carries the input; the (cumulative) output arrives in message_delta.
            costTracker.add(model, { ...EMPTY_USAGE, output_tokens: event.usage.output_tokens });
          }
          yield event;
        }
      } finally {
        costTracker.addApiDuration(monotonicMs() - started);
      }
    },
    async createMessage(request, signal) {
      const started = monotonicMs();
      try {
        const message = await client.createMessage(request, signal);
        costTracker.add(message.model || request.model, message.usage);
        return message;
      } finally {
        costTracker.addApiDuration(monotonicMs() - started);
      }
    },
  };
}
