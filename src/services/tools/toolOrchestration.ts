/**
 * L4 — which calls may run together. Consecutive concurrency-safe calls form
 * one parallel batch; every other call is a batch of its own, run alone.
 * Safety is decided per input (Bash("git status") is safe, Bash("rm x") is
 * not) and anything that cannot be decided — unknown tool, bad input, a
 * throwing check — counts as unsafe.
 */
import type { Tools } from '../../Tool.js';
import { findToolByName } from '../../Tool.js';
import type { ToolUseRequest } from './toolExecution.js';

export const DEFAULT_MAX_TOOL_USE_CONCURRENCY = 10;

export type Batch<Call> = {
  readonly isConcurrencySafe: boolean;
  readonly calls: Call[];
};

export function isCallConcurrencySafe(request: ToolUseRequest, tools: Tools): boolean {
  if (request.inputJsonError !== undefined) return false;
  const tool = findToolByName(tools, request.name);
  if (!tool) return false;
  const parsed = tool.inputSchema.safeParse(request.input);
  if (!parsed.success) return false;
  try {
    return tool.isConcurrencySafe(parsed.data) === true;
  } catch {
    return false;
  }
}

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

export function partitionToolCalls(requests: readonly ToolUseRequest[], tools: Tools): Batch<ToolUseRequest>[] {
  const batches: Batch<ToolUseRequest>[] = [];
  for (const request of requests) {
    const safe = isCallConcurrencySafe(request, tools);
    batchForNextCall(batches, safe, (isConcurrencySafe) => ({ isConcurrencySafe, calls: [] })).calls.push(request);
  }
  return batches;
}

export function maxToolUseConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = Number.parseInt(env.AGENTCLI_MAX_TOOL_USE_CONCURRENCY ?? '', 10);
  return Number.isFinite(parsed) && parsed >= 1 ? parsed : DEFAULT_MAX_TOOL_USE_CONCURRENCY;
}
