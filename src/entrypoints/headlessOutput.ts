/**
 * Headless output in Claude Code's shapes (ARCHITECTURE §6), so existing
 * tooling can read agentcli's `--output-format json|stream-json`.
 */
import { apiAssistantMessage } from '../types/messages.js';
import type { ConversationSession } from '../session/conversationSession.js';
import type { Session } from '../session/session.js';
import type { QueryEvent, QueryStopReason } from '../query/events.js';
import type { AssistantMessage, UserMessage } from '../types/messages.js';
import type { PermissionDenialRecord } from '../permissions/types.js';
import { contextWindowOf, modelSpec } from '../services/api/models.js';
import type { RawMessageStreamEvent } from '../services/api/types.js';
import { newUuid } from '../utils/ids.js';
import { VERSION } from '../version.js';

export type ResultSubtype = 'success' | 'error_max_turns' | 'error_max_budget_usd' | 'error_max_structured_output_retries' | 'error_during_execution';

export type HeadlessResult = {
  readonly type: 'result';
  readonly subtype: ResultSubtype;
  readonly is_error: boolean;
  readonly result: string;
  readonly session_id: string;
  /** This result's own id (Claude Code's SDK messages each carry one). */
  readonly uuid: string;
  readonly num_turns: number;
  readonly duration_ms: number;
  readonly duration_api_ms: number;
  readonly total_cost_usd: number;
  readonly usage: ReturnType<Session['costTracker']['totalUsage']>;
  /** Per model, in the Agent SDK's ModelUsage shape. */
  readonly modelUsage: Record<string, unknown>;
  /** Per subagent type: its cost and its usage per model (already in the totals). */
  readonly agentUsage: Record<string, { readonly total_cost_usd: number; readonly modelUsage: Record<string, unknown> }>;
  readonly permission_denials: readonly PermissionDenialRecord[];
  /** Why an error result stopped, one line each (empty on success). */
  readonly errors: readonly string[];
  readonly stop_reason: QueryStopReason;
  readonly user_message_uuid?: string;
  /** --json-schema: the accepted answer, matching the schema. */
  readonly structured_output?: unknown;
};

/** Where the API key came from, in the Agent SDK's words. */
function apiKeySourceOf(env: NodeJS.ProcessEnv): 'ANTHROPIC_API_KEY' | 'none' {
  return env.ANTHROPIC_API_KEY ? 'ANTHROPIC_API_KEY' : 'none';
}

/** The session's first line (Claude Code's system/init); `agents`: the agent types the Agent tool offers. */
export function initLine(
  conversation: ConversationSession,
  extra: { readonly agents?: readonly string[]; readonly slashCommands?: readonly string[]; readonly skills?: readonly string[] } = {},
) {
  const { session } = conversation;
  return {
    type: 'system',
    subtype: 'init',
    session_id: conversation.id,
    uuid: newUuid(),
    cwd: conversation.cwd,
    model: conversation.model,
    permissionMode: session.appState.get().toolPermissionContext.mode,
    tools: conversation.tools.map((tool) => tool.name),
    mcp_servers: (session.mcp?.describe() ?? []).map((server) => ({ name: server.name, status: server.status })),
    apiKeySource: apiKeySourceOf(session.env),
    claude_code_version: VERSION,
    // The commands a headless prompt may start with (headlessSlashCommandList.ts).
    slash_commands: extra.slashCommands ?? [],
    output_style: session.outputStyle.name,
    agents: extra.agents ?? [],
    skills: extra.skills ?? [],
    plugins: session.plugins.map((plugin) => ({ name: plugin.name, path: plugin.root })),
  };
}

/** `parentToolUseId`: set for a subagent's messages (the Agent call they belong to), as Claude Code does. */
export function assistantLine(conversation: ConversationSession, message: AssistantMessage, parentToolUseId: string | null = null) {
  return {
    type: 'assistant',
    message: apiAssistantMessage(message),
    parent_tool_use_id: parentToolUseId,
    session_id: conversation.id,
    uuid: message.uuid,
  };
}

export function userLine(conversation: ConversationSession, message: UserMessage, parentToolUseId: string | null = null) {
  return {
    type: 'user',
    message: { role: 'user', content: message.content },
    parent_tool_use_id: parentToolUseId,
    session_id: conversation.id,
    uuid: message.uuid,
  };
}

/** --include-partial-messages: one raw API stream event, in Claude Code's `stream_event` shape. */
export function streamEventLine(conversation: ConversationSession, event: RawMessageStreamEvent, parentToolUseId: string | null = null) {
  return { type: 'stream_event', event, session_id: conversation.id, parent_tool_use_id: parentToolUseId, uuid: newUuid() };
}

/** Claude Code's shape: `compact_metadata.pre_tokens`; ours adds the size after and what was kept. */
export function compactBoundaryLine(conversation: ConversationSession, event: Extract<QueryEvent, { type: 'compact_boundary' }>) {
  return {
    type: 'system',
    subtype: 'compact_boundary',
    session_id: conversation.id,
    compact_metadata: { trigger: event.trigger, pre_tokens: event.tokensBefore, post_tokens: event.tokensAfter, kept_turns: event.keptTurns },
  };
}

/** A prompt that was never sent (a command refused or failed before the model was asked), shaped like any failed run's result. */
export function unsentPromptResultLine(conversation: ConversationSession, error: string, options: { readonly interrupted: boolean; readonly durationMs: number }) {
  const base = resultLine(conversation, { reason: options.interrupted ? 'interrupted' : 'completed', turns: 0, text: '', denials: [] }, options.durationMs);
  return { ...base, subtype: 'error_during_execution' as const, is_error: true, result: error };
}

/** A prompt a command answered itself (/doctor): a successful result of no model turns, its text the result. */
export function answeredResultLine(conversation: ConversationSession, text: string, options: { readonly durationMs: number }): HeadlessResult {
  return resultLine(conversation, { reason: 'completed', turns: 0, text, denials: [] }, options.durationMs);
}

export function resultLine(
  conversation: ConversationSession,
  outcome: {
    readonly reason: QueryStopReason;
    readonly turns: number;
    readonly text: string;
    readonly error?: string;
    /** The denials of this turn (a streaming session has many turns, each with its own result). */
    readonly denials: readonly PermissionDenialRecord[];
    readonly userMessageUuid?: string;
    readonly structuredOutput?: unknown;
  },
  durationMs: number,
): HeadlessResult {
  const subtype = resultSubtype(outcome.reason);
  const { costTracker, env } = conversation.session;
  return {
    type: 'result',
    subtype,
    is_error: subtype !== 'success',
    result: outcome.error ?? outcome.text,
    session_id: conversation.id,
    uuid: newUuid(),
    num_turns: outcome.turns,
    duration_ms: Math.round(durationMs),
    duration_api_ms: Math.round(costTracker.totalApiDurationMs),
    total_cost_usd: costTracker.totalCostUsd,
    usage: costTracker.totalUsage(),
    modelUsage: Object.fromEntries(
      [...costTracker.modelUsage].map(([model, usage]) => [
        model,
        {
          inputTokens: usage.input_tokens,
          outputTokens: usage.output_tokens,
          cacheReadInputTokens: usage.cache_read_input_tokens,
          cacheCreationInputTokens: usage.cache_creation_input_tokens,
          webSearchRequests: usage.web_search_requests,
          costUSD: usage.cost_usd,
          contextWindow: contextWindowOf(model, env),
          maxOutputTokens: modelSpec(model)?.maxOutputTokens ?? conversation.session.maxOutputTokens,
        },
      ]),
    ),
    agentUsage: Object.fromEntries(
      [...costTracker.agentUsage].map(([agentType, tracker]) => [
        agentType,
        { total_cost_usd: tracker.totalCostUsd, modelUsage: Object.fromEntries(tracker.modelUsage) },
      ]),
    ),
    permission_denials: outcome.denials,
    errors: subtype === 'success' ? [] : [outcome.error ?? 'the run did not complete'],
    stop_reason: outcome.reason,
    ...(outcome.userMessageUuid ? { user_message_uuid: outcome.userMessageUuid } : {}),
    ...(outcome.structuredOutput !== undefined ? { structured_output: outcome.structuredOutput } : {}),
  };
}

function resultSubtype(reason: QueryStopReason): ResultSubtype {
  switch (reason) {
    case 'completed':
      return 'success';
    case 'max_turns':
      return 'error_max_turns';
    case 'max_budget':
      return 'error_max_budget_usd';
    case 'structured_output_failed':
      return 'error_max_structured_output_retries';
    default:
      return 'error_during_execution';
  }
}
