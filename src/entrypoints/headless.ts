/**
 * `agentcli -p`: run prompts without a terminal UI and print the outcome as
 * text, one json object, or a stream of json lines. Nobody can answer a
 * permission question here, so `ask` decisions become denials (and are
 * listed in the result's permission_denials).
 *
 * Background tasks (issue 29): headless does not wait for them, and a task
 * that ends gives the model no turn of its own, unlike the idle REPL. The
 * run ends when the model's answer does — a script or CI job must not hang
 * on a dev server or watcher the model left running — and the exit cleanup
 * stops every task still running. A task that ends while the turn is still
 * going is told to the model with its next request (as everywhere); with
 * --input-format stream-json, one that ends between prompts rides with the
 * next prompt. A model that needs a task's result waits for it itself with
 * TaskOutput(block: true).
 */
import { budgetWarningText } from '../session/spendCap.js';
import { prepareHeadlessPrompt } from './headlessCommand.js';
import type { QueryStopReason } from '../query/events.js';
import type { ConversationSession } from '../session/conversationSession.js';
import { describeApiFailure } from '../services/api/describeApiFailure.js';
import { type ContentBlockParam, type ConversationMessage, textOfContent } from '../types/messages.js';
import type { ToolRunEnv } from '../services/tools/toolExecution.js';
import { reportHookActivity } from './headlessHooks.js';
import { isAgentProgress } from '../contract/agentProgress.js';
import { answeredResultLine, assistantLine, compactBoundaryLine, initLine, resultLine, streamEventLine, unsentPromptResultLine, userLine, type HeadlessResult } from './headlessOutput.js';
import { monotonicMs } from '../utils/clock.js';

export type OutputFormat = 'text' | 'json' | 'stream-json';

export type HeadlessIo = {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
};

export type HeadlessOptions = {
  readonly conversation: ConversationSession;
  /** One prompt, or (with --input-format stream-json) a sequence of them sharing one conversation. */
  readonly prompts: AsyncIterable<string>;
  readonly outputFormat: OutputFormat;
  readonly signal: AbortSignal;
  readonly io: HeadlessIo;
  readonly baseUrl?: string;
  /** --include-partial-messages: with stream-json, stream_event lines carrying the raw API stream events. */
  readonly includePartialMessages?: boolean;
  /** --verbose: say on stderr when a request is retried and why. */
  readonly verbose?: boolean;
  /** The front end's part of the tool environment (a --permission-prompt-tool asker). */
  readonly env?: Partial<ToolRunEnv>;
};

/** Returns the process exit code. */
export async function runHeadless(options: HeadlessOptions): Promise<number> {
  const { conversation, io, outputFormat } = options;
  const writeLine = (value: unknown): void => io.stdout(`${JSON.stringify(value)}\n`);
  if (outputFormat === 'stream-json') {
    // Only stream-json's system/init lists the commands: a text or json run does not load the list (or the built-ins it names).
    const { headlessSlashCommands } = await import('./headlessSlashCommandList.js');
    const slashCommands = (await headlessSlashCommands(conversation.session)).map((command) => command.name);
    const skills = (await conversation.session.skills).skills.map((skill) => skill.name);
    writeLine(initLine(conversation, { slashCommands, skills }));
  }
  const stopReportingHooks = reportHookActivity(conversation.session, { io, streamJson: outputFormat === 'stream-json' && options.verbose === true, writeLine });

  let exitCode = 0;
  for await (const prompt of options.prompts) {
    const started = monotonicMs();
    const prepared = await prepareHeadlessPrompt(prompt, { conversation, signal: options.signal });
    if (prepared.ok === 'answered') {
      if (outputFormat === 'text') io.stdout(prepared.text.endsWith('\n') ? prepared.text : `${prepared.text}\n`);
      else writeLine(answeredResultLine(conversation, prepared.text, { durationMs: monotonicMs() - started }));
      if (prepared.failed) {
        io.stderr(`agentcli: ${prepared.failed}\n`);
        exitCode = 1;
      }
      continue;
    }
    if (!prepared.ok) {
      // Nothing was sent: a result line that says why, shaped like any failed run's.
      if (outputFormat !== 'text') writeLine(unsentPromptResultLine(conversation, prepared.error, { interrupted: options.signal.aborted, durationMs: monotonicMs() - started }));
      io.stderr(`agentcli: ${prepared.error}\n`);
      // Interrupted while a command's snippets ran: stop as an interrupted run does.
      if (options.signal.aborted) {
        exitCode = 130;
        break;
      }
      exitCode = 1;
      continue;
    }
    let turn: HeadlessTurn;
    try {
      turn = await runHeadlessTurn({ ...options, content: prepared.content, writeLine, started, ...(prepared.model ? { model: prepared.model } : {}) });
    } finally {
      prepared.release();
    }
    const { result, text } = turn;
    if (outputFormat === 'text') {
      // --json-schema: the answer is the data; a script reading text output gets it as one JSON line.
      if (turn.structuredOutput !== undefined) io.stdout(`${JSON.stringify(turn.structuredOutput)}\n`);
      else if (!result.is_error || text) io.stdout(text.endsWith('\n') || text === '' ? text : `${text}\n`);
    } else {
      writeLine(result);
    }
    if (result.is_error) {
      io.stderr(`agentcli: ${turn.error ?? 'the run did not complete'}\n`);
      exitCode = turn.reason === 'interrupted' ? 130 : 1;
      if (turn.reason === 'interrupted' || turn.reason === 'api_error' || turn.reason === 'compaction_failed') break;
    }
  }
  stopReportingHooks();
  return exitCode;
}

export type HeadlessTurnOptions = {
  readonly conversation: ConversationSession;
  readonly content: string | ContentBlockParam[];
  readonly outputFormat: OutputFormat;
  readonly signal: AbortSignal;
  readonly io: HeadlessIo;
  readonly writeLine: (value: unknown) => void;
  /** When the turn began (monotonicMs()), for duration_ms. */
  readonly started: number;
  /** The front end's part of the tool environment (the SDK's permission asker). */
  readonly env?: Partial<ToolRunEnv>;
  readonly baseUrl?: string;
  readonly verbose?: boolean;
  /** The client's uuid of the user message this turn answers (echoed in the result, and the prompt's own uuid). */
  readonly userMessageUuid?: string;
  /** This turn only (a custom command's `model`). */
  readonly model?: string;
  /** --include-partial-messages: with stream-json, stream_event lines carrying the raw API stream events. */
  readonly includePartialMessages?: boolean;
};

export type HeadlessTurn = {
  readonly result: HeadlessResult;
  readonly text: string;
  readonly error: string | undefined;
  readonly reason: QueryStopReason;
  /** --json-schema: the accepted answer. */
  readonly structuredOutput: unknown;
};

/**
 * One prompt through the conversation: with stream-json, every message is
 * written as it happens; the result is returned for the caller to write.
 */
export async function runHeadlessTurn(options: HeadlessTurnOptions): Promise<HeadlessTurn> {
  const { conversation, io, outputFormat, writeLine } = options;
  const deniedBefore = conversation.session.permissionDenials.length;
  const rawStreamEvents = outputFormat === 'stream-json' && options.includePartialMessages === true;
  const run = conversation.submit(options.content, {
    signal: options.signal,
    ...(options.env ? { env: options.env } : {}),
    ...(rawStreamEvents ? { rawStreamEvents } : {}),
    ...(options.model ? { model: options.model } : {}),
    ...(options.userMessageUuid ? { promptUuid: options.userMessageUuid } : {}),
  });
  let step = await run.next();
  while (!step.done) {
    const event = step.value;
    if (outputFormat === 'stream-json') {
      if (event.type === 'raw_stream_event') writeLine(streamEventLine(conversation, event.event));
      if (event.type === 'assistant_message') writeLine(assistantLine(conversation, event.message));
      if (event.type === 'user_message') writeLine(userLine(conversation, event.message));
      if (event.type === 'compact_boundary') writeLine(compactBoundaryLine(conversation, event));
      // A subagent's messages, tagged with the Agent call they belong to (Claude Code's shape).
      if (event.type === 'tool_progress' && isAgentProgress(event.progress) && event.progress.message) {
        const { message, messageToolUseId } = event.progress;
        const owner = messageToolUseId ?? event.toolUseId;
        writeLine(message.type === 'assistant' ? assistantLine(conversation, message, owner) : userLine(conversation, message, owner));
      }
    }
    if (event.type === 'compaction_failed' && outputFormat !== 'stream-json') io.stderr(`agentcli: compaction failed: ${event.error}\n`);
    if (event.type === 'model_fallback') {
      io.stderr(`agentcli: ${event.from} stayed overloaded; continuing on ${event.to} (--fallback-model)\n`);
      if (outputFormat === 'stream-json') writeLine({ type: 'system', subtype: 'model_fallback', from: event.from, to: event.to, session_id: conversation.id });
    }
    if (event.type === 'budget_warning') {
      io.stderr(`agentcli: ${budgetWarningText(event)}\n`);
      if (outputFormat === 'stream-json') {
        writeLine({ type: 'system', subtype: 'budget_warning', spent_usd: event.spentUsd, max_usd: event.maxUsd, message: budgetWarningText(event), session_id: conversation.id });
      }
    }
    if (event.type === 'retry' && (options.verbose || process.env.AGENTCLI_DEBUG)) {
      io.stderr(`agentcli: attempt ${event.attempt} failed (${event.failure.message}); retrying in ${event.delayMs} ms\n`);
    }
    step = await run.next();
  }
  const outcome = step.value;

  const text = finalAssistantText(outcome.messages);
  const error = outcome.failure
    ? describeApiFailure(outcome.failure, { baseUrl: options.baseUrl, model: conversation.model })
    : stopMessage(outcome.reason, outcome.detail);
  const result = resultLine(
    conversation,
    {
      reason: outcome.reason,
      turns: outcome.turns,
      text,
      error,
      denials: conversation.session.permissionDenials.slice(deniedBefore),
      ...(options.userMessageUuid ? { userMessageUuid: options.userMessageUuid } : {}),
      ...(outcome.structuredOutput !== undefined ? { structuredOutput: outcome.structuredOutput } : {}),
    },
    monotonicMs() - options.started,
  );
  return { result, text, error, reason: outcome.reason, structuredOutput: outcome.structuredOutput };
}

function finalAssistantText(messages: readonly ConversationMessage[]): string {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.type === 'assistant') {
      const text = textOfContent(message.content);
      if (text.trim()) return text;
    }
  }
  return '';
}

function stopMessage(reason: QueryStopReason, detail: string | undefined): string | undefined {
  switch (reason) {
    case 'completed':
      return undefined;
    case 'max_turns':
      return 'stopped after reaching --max-turns before the task was finished';
    case 'max_budget':
      return `stopped: the run's cost reached its spend cap (--max-budget-usd or the settings' budget) before the task was finished${detail ? ` (${detail})` : ''}`;
    case 'structured_output_failed':
      return `the model gave no answer matching --json-schema${detail ? ` (${detail})` : ''}`;
    case 'interrupted':
      return 'interrupted';
    case 'rejected_by_user':
      return 'a tool call was rejected';
    case 'api_error':
      return 'the API request failed';
    case 'compaction_failed':
      return `the conversation could not be compacted${detail ? `: ${detail}` : ''}`;
    case 'stopped_by_hook':
      return `stopped by a hook: ${detail ?? 'no reason given'}`;
  }
}
