/**
 * The spinner line while a failed request waits to be tried again:
 *   API overloaded · retrying in 4 s · attempt 3/10
 * One line that counts down, instead of a printed line per attempt.
 */
import type { ApiFailure } from '../../services/api/withRetry.js';
import type { RetryStatus } from './transcriptTypes.js';

export function retryReasonLabel(failure: Pick<ApiFailure, 'kind' | 'status'>): string {
  switch (failure.kind) {
    case 'overloaded':
      return 'API overloaded';
    case 'rate_limit':
      return 'Rate limited';
    case 'server':
      return failure.status ? `API error ${failure.status}` : 'API error';
    case 'connection':
      return 'Connection lost';
    case 'stream_cut':
      return 'The reply was cut off';
    default:
      return 'The request failed';
  }
}

export function retryLine(retry: RetryStatus, now: number): string {
  const seconds = Math.ceil((retry.resumesAt - now) / 1000);
  const when = seconds > 0 ? `retrying in ${seconds} s` : 'retrying';
  const attempt = retry.maxRetries ? `attempt ${retry.attempt}/${retry.maxRetries}` : `attempt ${retry.attempt}`;
  return `${retry.reason} · ${when} · ${attempt}`;
}
