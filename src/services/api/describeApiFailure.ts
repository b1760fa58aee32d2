/**
 * The one line a user reads when the model API fails for good (after
 * retries): what went wrong and what to change. Shared by every front end.
 */
import { MODEL_ALIASES } from './models.js';
import type { ApiFailure } from './withRetry.js';

export type FailureContext = {
  /** The endpoint in use (ANTHROPIC_BASE_URL), undefined for Anthropic's own. */
  readonly baseUrl: string | undefined;
  /** The model the failed request named. */
  readonly model: string;
};

export function describeApiFailure(failure: ApiFailure, context: FailureContext): string {
  const endpoint = context.baseUrl ?? 'https://api.anthropic.com';
  switch (failure.kind) {
    case 'connection':
    case 'stream_cut':
      return `could not reach the API at ${endpoint}: ${failure.message}`;
    case 'auth':
      return `the API rejected the credentials (HTTP ${failure.status}): ${failure.message}. Check ANTHROPIC_API_KEY.`;
    case 'rate_limit':
    case 'overloaded':
    case 'server':
      return `the API kept failing (HTTP ${failure.status}): ${failure.message}`;
    case 'not_found': {
      // Anthropic answers an unknown model with 404 not_found_error; a wrong base URL gives a 404 too.
      const endpointHint = context.baseUrl ? `, or check ANTHROPIC_BASE_URL (${context.baseUrl})` : '';
      return `model "${context.model}" was not found (HTTP 404: ${failure.message}). Choose another with --model (${MODEL_ALIASES.join(', ')} or a full id)${endpointHint}.`;
    }
    default:
      return `the API request failed${failure.status ? ` (HTTP ${failure.status})` : ''}: ${failure.message}`;
  }
}
