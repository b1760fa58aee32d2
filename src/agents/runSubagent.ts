/**
 * Runs one child conversation to its final answer. The child:
 * - sees only the delegated prompt, never the parent's conversation;
 * - starts from the agent's system prompt plus the environment facts and
 *   CLAUDE.md, with the agent's tool subset and the parent's cwd;
 * - has its own read-file state (a file the parent read is not "read" here);
 * - has its own abort controller: the parent's abort stops it, its own
 *   stop never reaches the parent;
 * - asks permission through the parent's front end, labelled with its name;
 *   it shares the parent's mode and rules (the same permission context), so
 *   it can never widen them;
 * - runs at most `AGENTCLI_SUBAGENT_MAX_TURNS` model turns (default 50);
 * - ends its turn through SubagentStop hooks, run in its own loop (see
 *   ConversationSession): a blocking hook sends it back to work with the
 *   reason, and only the answer after that reaches the parent.
 */
import path from 'node:path';
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { ToolUseContext } from '../contract/tool.js';
import { buildSystemPrompt } from '../context/systemPrompt.js';
import type { QueryOutcome } from '../query/events.js';
import { describeApiFailure } from '../services/api/describeApiFailure.js';
import { fastModelFromEnv, resolveModelName } from '../services/api/models.js';
import type { PermissionRequest, ToolRunEnv } from '../services/tools/toolExecution.js';
import { usedTokens } from '../session/compaction/tokenEstimate.js';
import { ConversationSession } from '../session/conversationSession.js';
import type { Session } from '../session/session.js';
import { createReadFileState } from '../state/readFileState.js';
import { textOfContent, type AssistantMessage, type ConversationMessage, type UserMessage } from '../types/messages.js';
import { newUuid } from '../utils/ids.js';
import { userShell } from '../utils/process/userShell.js';
import type { AgentDefinition } from '../contract/agentDefinition.js';
import { isAgentProgress, mainArgument, type AgentProgress, type AgentStatus } from '../contract/agentProgress.js';
import { maxAgentDepth, toolsForAgent } from './agentTools.js';
import type { SubagentScope } from '../session/subagentScope.js';
import type { SubagentRequest, SubagentResult } from '../contract/subagentLauncher.js';
import { monotonicMs } from '../utils/clock.js';
import { runSubagentStartHooks } from '../hooks/lifecycleEventHooks.js';

export const DEFAULT_SUBAGENT_MAX_TURNS = 50;

export type RunSubagentOptions = SubagentRequest & {
  readonly session: Session;
  readonly scope: SubagentScope;
  /** The parent's context at the call: its cwd, model and tool pool. */
  readonly parentContext: ToolUseContext;
};

/** The failure of a child, as the parent's model should read it. */
export class SubagentFailure extends Error {
  override readonly name = 'SubagentFailure';
}

/** 'inherit' or nothing: the parent's model; 'fast': the session's fast model; an alias or full id otherwise. */
export function resolveAgentModel(choice: string | undefined, parentModel: string, env: NodeJS.ProcessEnv): string {
  const trimmed = choice?.trim();
  if (!trimmed || trimmed === 'inherit') return parentModel;
  if (trimmed === 'fast') return fastModelFromEnv(env);
  return resolveModelName(trimmed);
}

export function subagentTranscriptFile(sessionDir: string, agentId: string): string {
  return path.join(sessionDir, 'subagents', `agent-${agentId}.jsonl`);
}

export async function runSubagent(options: RunSubagentOptions): Promise<SubagentResult> {
  const { agent, scope, parentContext, session } = options;
  const started = monotonicMs();
  const agentId = options.agentId ?? newUuid().slice(0, 8);
  const childDepth = scope.depth + 1;
  const model = resolveAgentModel(options.model ?? agent.model, parentContext.model, session.env);
  const tools = toolsForAgent(agent, parentContext.tools, { childDepth, maxDepth: maxAgentDepth(session.env) });
  const transcriptFile = scope.persist ? subagentTranscriptFile(scope.sessionDir, agentId) : undefined;
  const child = new ConversationSession({
    session,
    persist: scope.persist,
    systemPrompt: childSystemPrompt(agent, model, session, parentContext),
    tools,
    readFileState: createReadFileState(),
    ...(transcriptFile ? { sidechainTranscript: transcriptFile } : {}),
    child: {
      depth: childDepth,
      maxTurns: subagentMaxTurns(session.env),
      model,
      cwd: parentContext.cwd,
      costTracker: session.costTracker.forAgent(agent.agentType),
      agentId,
      agentType: agent.agentType,
      parentToolUseId: parentContext.toolUseId,
      rootSessionId: scope.sessionId,
      rootSessionDir: scope.sessionDir,
      rootTranscriptPath: scope.transcriptPath,
    },
  });

  let status: AgentStatus = { agentId, agentType: agent.agentType, description: options.description, toolUses: 0, tokens: 0, elapsedMs: 0 };
  const running = new Map<string, { name: string; argument: string }>();
  // Agents this child started, by their Agent call: their latest status, passed up with ours.
  const nested = new Map<string, AgentStatus>();
  let transcript: readonly ConversationMessage[] = [];
  const report = (passedUp?: { readonly message: AgentProgress['message']; readonly toolUseId: string | undefined }): void => {
    const current = [...running.values()].at(-1);
    status = {
      ...status,
      elapsedMs: monotonicMs() - started,
      currentTool: current,
      nested: nested.size > 0 ? [...nested.values()] : undefined,
    };
    options.onProgress?.({
      kind: 'agent',
      status,
      transcript,
      ...(passedUp?.message ? { message: passedUp.message, ...(passedUp.toolUseId ? { messageToolUseId: passedUp.toolUseId } : {}) } : {}),
    });
  };
  const addMessage = (message: AssistantMessage | UserMessage): void => {
    transcript = [...transcript, message];
    report({ message, toolUseId: undefined });
  };

  let outcome: QueryOutcome;
  try {
    // SubagentStart hooks: their context reaches the child with its prompt.
    const startContext = await runSubagentStartHooks(
      session.hooks,
      {
        session: { id: scope.sessionId, dir: scope.sessionDir },
        ...(scope.transcriptPath ? { transcriptPath: scope.transcriptPath } : {}),
        cwd: parentContext.cwd,
        permissionMode: session.appState.get().toolPermissionContext.mode,
        run: { signal: options.signal, cwd: parentContext.cwd, projectDir: session.cwd },
      },
      { agent_id: agentId, agent_type: agent.agentType },
    );
    for (const text of startContext) child.addReminder(text);
    const run = child.submit(options.prompt, { signal: options.signal, env: childEnv(scope.env, agent.agentType), ...(scope.userInteraction ? { userInteraction: scope.userInteraction } : {}), ...(scope.textFiles ? { textFiles: scope.textFiles } : {}) });
    let step = await run.next();
    while (!step.done) {
      const event = step.value;
      switch (event.type) {
        case 'tool_started':
          running.set(event.toolUseId, { name: event.toolName, argument: mainArgument(event.input) });
          status = { ...status, toolUses: status.toolUses + 1 };
          report();
          break;
        case 'tool_progress':
          // A nested agent at work: its status joins ours, its messages go up tagged with its call.
          if (isAgentProgress(event.progress)) {
            nested.set(event.toolUseId, event.progress.status);
            report({ message: event.progress.message, toolUseId: event.progress.messageToolUseId ?? event.toolUseId });
          }
          break;
        case 'tool_result':
          running.delete(event.outcome.toolUseId);
          nested.delete(event.outcome.toolUseId);
          report();
          break;
        case 'assistant_message':
          status = { ...status, tokens: usedTokens(event.message.usage) };
          addMessage(event.message);
          break;
        case 'user_message':
          addMessage(event.message);
          break;
        default:
          break;
      }
      step = await run.next();
    }
    outcome = step.value;
  } finally {
    await child.end();
  }

  const result: Omit<SubagentResult, 'stopReason'> = {
    agentId,
    agentType: agent.agentType,
    model,
    text: finalText(outcome.messages),
    turns: outcome.turns,
    toolUses: status.toolUses,
    tokens: status.tokens,
    durationMs: monotonicMs() - started,
    transcriptPath: transcriptFile,
  };
  switch (outcome.reason) {
    case 'api_error':
      throw new SubagentFailure(
        `the ${agent.agentType} agent could not finish: ${outcome.failure ? describeApiFailure(outcome.failure, { baseUrl: session.env.ANTHROPIC_BASE_URL, model }) : 'the API request failed'}`,
      );
    case 'compaction_failed':
      throw new SubagentFailure(`the ${agent.agentType} agent could not finish: ${outcome.detail ?? 'its conversation could not be compacted'}`);
    case 'interrupted':
      throw new SubagentFailure(`the ${agent.agentType} agent was stopped before it finished.`);
    case 'rejected_by_user':
      throw new SubagentFailure(
        `the user rejected a tool call of the ${agent.agentType} agent, which stopped it. Wait for the user to say how to proceed.${result.text ? ` Its last words: ${result.text}` : ''}`,
      );
    default:
      return { ...result, stopReason: outcome.reason };
  }
}

/** The agent's own prompt in place of agentcli's instructions; environment facts and CLAUDE.md as usual. */
function childSystemPrompt(agent: AgentDefinition, model: string, session: Session, parentContext: ToolUseContext): TextBlockParam[] {
  const permissionContext = session.appState.get().toolPermissionContext;
  return buildSystemPrompt({
    cwd: parentContext.cwd,
    additionalDirectories: permissionContext.workingDirectories.slice(1),
    platform: process.platform,
    date: new Date(),
    git: session.git,
    model,
    memoryFiles: session.memoryFiles,
    isInteractive: parentContext.isInteractive,
    shell: path.basename(userShell(session.env)),
    coreInstructions: agent.systemPrompt,
  });
}

/**
 * The parent's environment, with permission asks labelled by the agent's
 * name. Everything else — the deciding function, hooks, denial records,
 * "don't ask again" — is the parent's own, so rules saved from a child's
 * dialog are the same rules as at top level.
 */
function childEnv(parent: ToolRunEnv, agentName: string): Partial<ToolRunEnv> {
  const ask = parent.askPermission;
  return {
    ...parent,
    ...(ask ? { askPermission: (request: PermissionRequest) => ask({ ...request, agentName: request.agentName ?? agentName }) } : {}),
  };
}

function subagentMaxTurns(env: NodeJS.ProcessEnv): number {
  const value = Number.parseInt(env.AGENTCLI_SUBAGENT_MAX_TURNS ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_SUBAGENT_MAX_TURNS;
}

function finalText(messages: readonly ConversationMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.type !== 'assistant') continue;
    const text = textOfContent(message.content).trim();
    if (text) return text;
  }
  return '';
}
