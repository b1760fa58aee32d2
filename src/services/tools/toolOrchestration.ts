/**
 * L4 — which calls may run together. Consecutive concurrency-safe calls form
 * one parallel batch; every other call is a batch of its own, run alone.
 * Safety is decided per prepared call (Bash("git status") is safe, Bash("rm
 * x") is not) and anything that cannot be decided — unknown tool, bad input,
 * a throwing check — counts as unsafe.
 */
import { isPreparedCallConcurrencySafe, type Preparation } from './prepareToolCall.js';

export const DEFAULT_MAX_TOOL_USE_CONCURRENCY = 10;

export type Batch<Call> = {
  readonly isConcurrencySafe: boolean;
  readonly calls: Call[];
};

/**
 * The batch the next call joins: the last one if both are concurrency-safe,
 * else a new one (created and appended). Used both for a whole message
 * (partitionToolCalls) and call by call while a message is still streaming,
 * so the two can never disagree.
 */
export function batchForNextCall<B extends Batch<unknown>>(
  batches: B[],
  isConcurrencySafe: boolean,
  createBatch: (isConcurrencySafe: boolean) => B,
): B {
  const last = batches.at(-1);
  if (isConcurrencySafe && last?.isConcurrencySafe) return last;
  const batch = createBatch(isConcurrencySafe);
  batches.push(batch);
  return batch;
}

/** Batches for a whole message of prepared calls (the executor applies the same rule call by call). */
export function partitionToolCalls(preparations: readonly Preparation[]): Batch<Preparation>[] {
  const batches: Batch<Preparation>[] = [];
  for (const preparation of preparations) {
    const safe = isPreparedCallConcurrencySafe(preparation);
    batchForNextCall(batches, safe, (isConcurrencySafe) => ({ isConcurrencySafe, calls: [] })).calls.push(preparation);
  }
  return batches;
}

export function maxToolUseConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = Number.parseInt(env.AGENTCLI_MAX_TOOL_USE_CONCURRENCY ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : DEFAULT_MAX_TOOL_USE_CONCURRENCY;
}
