/**
 * Turns the agent loop's event stream into what the screen shows: finished
 * items for <Static> and the live tail. No React here — the store is plain
 * state plus a throttled "changed" signal, so every rule (ordering, retry,
 * interrupt) is testable without a terminal.
 *
 * Ordering: live segments leave for <Static> strictly in the order they
 * began (finishedSegments.ts decides what is finished); the scroll-back
 * queue (scrollbackQueue.ts) prints them in that order.
 *
 * Throttling: changes are published at most once per `publishIntervalMs`,
 * and only when something changed — an idle REPL has no timer at all.
 * Every publication repaints the whole live area (Ink lays out and diffs
 * the frame), so fewer, fuller repaints are cheaper than one per token.
 */
import type { QueryOutcome } from '../../query/events.js';
import type { QueryEvent } from '../../query.js';
import type { ToolCallOutcome } from '../../services/tools/toolExecution.js';
import { parsePartialJson } from '../tools/partialJson.js';
import { addProgress, boundedResultText, liveViewOf, newToolSegment, type Segment, type ToolSegment } from './liveSegments.js';
import { ThrottledPublisher } from './throttledPublisher.js';
import { childWorkOf, takeFinishedSegments, type ChildWork } from './finishedSegments.js';
import { ALWAYS_READY, ScrollbackQueue, type StaticReadiness } from './scrollbackQueue.js';
import { retryReasonLabel } from './retryStatus.js';
import { budgetReachedText, budgetWarningText } from '../../session/spendCap.js';
import type { NoticeTone, RetryStatus, TranscriptItem, TranscriptSnapshot, TurnActivity } from './transcriptTypes.js';

export type { StaticReadiness } from './scrollbackQueue.js';

export type TranscriptStoreOptions = {
  readonly readiness?: StaticReadiness;
  /** Minimum time between two publications (default 40 ms: at most 25 repaints per second, under Ink's 30). */
  readonly publishIntervalMs?: number;
  readonly now?: () => number;
  /**
   * Whether a tool draws its calls from one assistant message as one block (renderToolGroup): such
   * calls are printed together once all have finished, not one by one. Default: no tool does.
   */
  readonly drawsMessageGroups?: (toolName: string) => boolean;
  /**
   * How much finished text may stay in the live area before it goes to the scroll-back (characters;
   * default 0: each paragraph goes as soon as it is finished). Each print makes Ink clear and redraw
   * the whole live area (the input box and status line too), so the REPL lets finished paragraphs
   * gather while they fit on screen and prints them together: fewer bytes per answer character.
   */
  readonly finishedTextHeld?: () => number;
};

const CHARS_PER_TOKEN = 4;

/** How a REPL user continues after a turn stopped at the spend cap. */
export const RAISE_BUDGET_IN_REPL = 'Raise it with /budget <usd> and send the prompt again.';

type Turn = {
  startedAt: number;
  activity: TurnActivity;
  reportedTokens: number;
  streamedChars: number;
  printedThisAttempt: number;
  hooks?: string;
  /** Set from a retry until the next attempt streams something: the spinner line counts down instead of a line per attempt. */
  retry?: RetryStatus;
  /** The text this attempt streamed, and how much of its start is printed: what a retry must not print twice. */
  attemptText: string;
  attemptPrinted: number;
  /** Only text was printed in this attempt (no tool, no thinking), so what is printed is a prefix of attemptText. */
  attemptPrintedTextOnly: boolean;
  /** After a cut: the printed part of the void attempt, matched against the new stream and not printed again. */
  replay?: { readonly text: string; matched: number };
  /** The replayed prefix ended mid-block: the next text continues it (no new bullet). */
  continuesReplay: boolean;
};

export class TranscriptStore {
  /** What is printed to the scroll-back, or waiting for its renderer to print. */
  private readonly scrollback: ScrollbackQueue;
  private live: Segment[] = [];
  private turn: Turn | undefined;
  private nextId = 0;
  /** Counts the model's requests: each is one assistant message, and its calls share this number. */
  private batch = 0;
  /**
   * Finished subagent calls' output and the progress that carries the child's conversation, by
   * tool_use id: printed items release theirs, and the transcript view (Ctrl+O) draws the child's steps from these.
   */
  private readonly childConversations = new Map<string, ChildWork>();

  private readonly publisher: ThrottledPublisher<TranscriptSnapshot>;
  private readonly now: () => number;
  private readonly drawsMessageGroups: (toolName: string) => boolean;
  private readonly finishedTextHeld: () => number;

  constructor(options: TranscriptStoreOptions = {}) {
    this.scrollback = new ScrollbackQueue(options.readiness ?? ALWAYS_READY, () => this.changed());
    this.finishedTextHeld = options.finishedTextHeld ?? (() => 0);
    this.drawsMessageGroups = options.drawsMessageGroups ?? (() => false);
    this.now = options.now ?? (() => Date.now());
    this.publisher = new ThrottledPublisher(() => this.buildSnapshot(), { intervalMs: options.publishIntervalMs ?? 40, now: this.now });
  }

  // --- subscription (useSyncExternalStore) ---

  get subscribe(): (listener: () => void) => () => void {
    return this.publisher.subscribe;
  }

  get getSnapshot(): () => TranscriptSnapshot {
    return this.publisher.getSnapshot;
  }

  get isTurnActive(): boolean {
    return this.turn !== undefined;
  }

  /** What a finished subagent call did, by its tool_use id (undefined for other calls). */
  readonly childWork = (toolUseId: string): ChildWork | undefined => this.childConversations.get(toolUseId);

  /** Publishes pending changes now (tests, and moments where latency matters more than batching). */
  flush(): void {
    this.publisher.flush();
  }

  dispose(): void {
    this.publisher.dispose();
  }

  // --- items that do not come from the model ---

  addItem(item: DistributiveOmit<Exclude<TranscriptItem, { kind: 'released' }>, 'id'>): void {
    this.closeAllText();
    this.moveFinishedToStatic();
    this.enqueuePrint({ ...item, id: this.newId(item.kind) } as TranscriptItem);
    this.changed();
  }

  addNotice(tone: NoticeTone, text: string): void {
    this.addItem({ kind: 'notice', tone, text });
  }

  /** The quiet progress line while hooks run; undefined when they are done. */
  setHookProgress(label: string | undefined): void {
    if (!this.turn || this.turn.hooks === label) return;
    this.turn.hooks = label;
    this.changed();
  }

  /** A tool call the REPL ran itself (`!cmd`, `@file`), shown like any other. */
  startLocalTool(toolUseId: string, toolName: string, input: unknown): void {
    this.closeAllText();
    this.live.push(newToolSegment({ id: toolUseId, toolName, batch: undefined, input, inputFinal: true, phase: 'running', now: this.now() }));
    this.changed();
  }

  finishLocalTool(outcome: ToolCallOutcome): void {
    this.completeTool(outcome.toolUseId, outcome);
    this.moveFinishedToStatic();
    this.changed();
  }

  /** Forgets everything on screen; <Static> starts over (printed lines stay in the scroll-back). */
  clear(): void {
    this.scrollback.clear();
    this.live = [];
    this.childConversations.clear();
    this.changed();
  }

  /**
   * Releases the payload of items <Static> has printed (it never looks at
   * them again), so a long session does not keep every tool output alive.
   */
  releasePrinted(count: number): void {
    this.scrollback.releasePrinted(count);
  }

  // --- the loop's events ---

  beginTurn(): void {
    this.turn = {
      startedAt: this.now(),
      activity: 'requesting',
      reportedTokens: 0,
      streamedChars: 0,
      printedThisAttempt: 0,
      attemptText: '',
      attemptPrinted: 0,
      attemptPrintedTextOnly: true,
      continuesReplay: false,
    };
    this.changed();
  }

  handle(event: QueryEvent): void {
    const turn = this.turn;
    switch (event.type) {
      case 'budget_warning':
        this.enqueuePrint({ kind: 'notice', id: this.newId('notice'), tone: 'warning', text: budgetWarningText(event) });
        break;
      case 'request_start':
        this.batch++;
        if (turn) Object.assign(turn, { activity: 'requesting', streamedChars: 0, printedThisAttempt: 0, attemptText: '', attemptPrinted: 0, attemptPrintedTextOnly: true });
        break;
      case 'text_delta':
        if (turn) turn.retry = undefined;
        this.appendStreamedText(event.text);
        this.setActivity('writing', event.text.length);
        break;
      case 'thinking_delta':
        this.endReplay();
        this.appendThinking(event.thinking);
        this.setActivity('thinking', event.thinking.length);
        break;
      case 'tool_use_start':
        this.endReplay();
        this.closeAllText();
        if (!this.findTool(event.toolUseId)) {
          this.live.push(
            newToolSegment({ id: event.toolUseId, toolName: event.toolName, batch: this.batch, input: undefined, inputFinal: false, phase: 'streaming_input', now: this.now() }),
          );
        }
        this.setActivity('tool_input', 0);
        break;
      case 'tool_input_delta': {
        const tool = this.findTool(event.toolUseId);
        if (tool && !tool.inputFinal) tool.partialJson += event.partialJson;
        this.setActivity('tool_input', event.partialJson.length);
        break;
      }
      case 'tool_started': {
        this.closeAllText();
        const tool = this.findTool(event.toolUseId) ?? this.pushTool(event.toolUseId, event.toolName);
        Object.assign(tool, { input: event.input, inputFinal: true, partialJson: '', phase: 'running', startedAt: this.now() });
        this.setActivity('running_tools', 0);
        break;
      }
      case 'tool_progress': {
        const tool = this.findTool(event.toolUseId);
        if (tool) addProgress(tool, event.progress);
        break;
      }
      case 'tool_result':
        this.completeTool(event.outcome.toolUseId, event.outcome);
        break;
      case 'assistant_message':
        this.endReplay();
        this.closeAllText();
        for (const segment of this.live) {
          if (segment.kind !== 'tool') continue;
          if (segment.phase === 'streaming_input') segment.phase = 'queued';
          segment.messageComplete = true;
        }
        if (turn) {
          turn.reportedTokens += event.message.usage.output_tokens;
          turn.streamedChars = 0;
        }
        break;
      case 'user_message':
        // Calls answered without a tool_result event (inputs cut off mid-stream, interrupted turns).
        if (typeof event.message.content !== 'string') {
          for (const block of event.message.content) {
            const tool = block.type === 'tool_result' ? this.findTool(block.tool_use_id) : undefined;
            if (block.type === 'tool_result' && tool && tool.phase !== 'done') {
              this.completeTool(block.tool_use_id, { status: 'error', result: block, data: undefined });
            }
          }
        }
        break;
      case 'retry':
        this.voidAttempt(event);
        break;
      case 'model_fallback':
        this.enqueuePrint({ kind: 'notice', id: this.newId('notice'), tone: 'warning', text: `${event.from} stayed overloaded; continuing on ${event.to} (--fallback-model)` });
        break;
    }
    this.moveFinishedToStatic();
    this.changed();
  }

  /** The query returned: settle everything still live and say how the turn ended. */
  endTurn(outcome: Pick<QueryOutcome, 'reason'>, failureText?: string): void {
    this.closeAllText();
    for (const segment of this.live) {
      if (segment.kind === 'tool') segment.messageComplete = true;
      if (segment.kind === 'tool' && segment.phase !== 'done') {
        const interrupted = outcome.reason === 'interrupted';
        segment.phase = 'done';
        segment.outcome = {
          status: interrupted ? 'interrupted' : 'cancelled',
          resultText: interrupted ? 'Interrupted before it finished.' : 'Did not run.',
        };
      }
    }
    this.moveFinishedToStatic();
    this.turn = undefined;
    if (outcome.reason === 'interrupted') this.enqueuePrint({ kind: 'notice', id: this.newId('notice'), tone: 'interrupted', text: 'Interrupted' });
    if (outcome.reason === 'max_turns') {
      this.enqueuePrint({ kind: 'notice', id: this.newId('notice'), tone: 'warning', text: 'Stopped: the turn limit (--max-turns) was reached.' });
    }
    if (outcome.reason === 'max_budget') {
      this.enqueuePrint({ kind: 'notice', id: this.newId('notice'), tone: 'warning', text: failureText ?? budgetReachedText(undefined, RAISE_BUDGET_IN_REPL) });
    }
    if (outcome.reason === 'stopped_by_hook') {
      this.enqueuePrint({ kind: 'notice', id: this.newId('notice'), tone: 'warning', text: failureText ?? 'A hook stopped the turn.' });
    }
    if (outcome.reason === 'api_error') {
      this.enqueuePrint({ kind: 'notice', id: this.newId('notice'), tone: 'error', text: failureText ?? 'The API request failed.' });
    }
    this.changed();
  }

  // --- internals ---

  /** A text delta; after a cut stream, the part of it already printed by the void attempt is skipped. */
  private appendStreamedText(text: string): void {
    const turn = this.turn;
    if (!turn) return this.appendText(text);
    turn.attemptText += text;
    const replay = turn.replay;
    if (replay) {
      const expected = replay.text.slice(replay.matched);
      let same = 0;
      while (same < text.length && same < expected.length && text[same] === expected[same]) same++;
      if (same < text.length && same < expected.length) {
        // The new attempt says something else: what the cut one printed stays, and the new answer starts below it, whole.
        turn.replay = undefined;
        turn.attemptPrinted -= replay.matched;
        this.enqueuePrint({ kind: 'notice', id: this.newId('notice'), tone: 'warning', text: 'The answer started over after the retry; the text above is from the attempt that was cut off.' });
        this.appendText(replay.text.slice(0, replay.matched) + text);
        return;
      }
      replay.matched += same;
      turn.attemptPrinted += same;
      if (replay.matched === replay.text.length) {
        turn.replay = undefined;
        turn.continuesReplay = true;
      }
      const rest = text.slice(same);
      if (rest === '') return;
      text = rest;
    }
    this.appendText(text);
  }

  /** The new attempt moved on (a tool, thinking, the end) before repeating all of the cut one's text. */
  private endReplay(): void {
    if (this.turn) {
      this.turn.replay = undefined;
      this.turn.continuesReplay = false;
      this.turn.retry = undefined;
    }
  }

  private appendText(text: string): void {
    const last = this.live.at(-1);
    if (last?.kind === 'text' && !last.closed) last.text += text;
    else {
      this.closeAllText();
      const continuation = this.turn?.continuesReplay ?? false;
      if (this.turn) this.turn.continuesReplay = false;
      this.live.push({ kind: 'text', id: this.newId('text'), text, continuation, closed: false, printed: [] });
    }
  }

  private appendThinking(text: string): void {
    const last = this.live.at(-1);
    if (last?.kind === 'thinking' && !last.closed) last.text += text;
    else {
      this.closeAllText();
      this.live.push({ kind: 'thinking', id: this.newId('thinking'), text, closed: false });
    }
  }

  private closeAllText(): void {
    for (const segment of this.live) {
      if (segment.kind !== 'tool') segment.closed = true;
    }
  }

  private setActivity(activity: TurnActivity, streamedChars: number): void {
    if (!this.turn) return;
    this.turn.streamedChars += streamedChars;
    const toolsRunning = this.live.some((segment) => segment.kind === 'tool' && segment.phase === 'running');
    this.turn.activity = toolsRunning && activity !== 'running_tools' && activity !== 'tool_input' ? 'running_tools' : activity;
  }

  private pushTool(id: string, toolName: string): ToolSegment {
    const segment = newToolSegment({ id, toolName, batch: this.turn ? this.batch : undefined, input: undefined, inputFinal: false, phase: 'queued', now: this.now() });
    this.live.push(segment);
    return segment;
  }

  private findTool(id: string): ToolSegment | undefined {
    return this.live.find((segment): segment is ToolSegment => segment.kind === 'tool' && segment.id === id);
  }

  private completeTool(id: string, outcome: Pick<ToolCallOutcome, 'status' | 'result' | 'data'> & { readonly input?: unknown; readonly toolName?: string }): void {
    const tool = this.findTool(id) ?? this.pushTool(id, outcome.toolName ?? 'Tool');
    if (outcome.input !== undefined) {
      tool.input = outcome.input;
      tool.inputFinal = true;
    } else if (!tool.inputFinal) {
      tool.input = parsePartialJson(tool.partialJson);
    }
    tool.partialJson = '';
    tool.phase = 'done';
    tool.outcome = { status: outcome.status, data: outcome.data, resultText: boundedResultText(outcome.result) };
  }

  /**
   * Everything streamed since the last request_start is void: the request is being retried. The
   * spinner line says so (one line that counts down, not a line per attempt). Text the void attempt
   * already printed is matched against the new stream and not printed again.
   */
  private voidAttempt(event: Extract<QueryEvent, { type: 'retry' }>): void {
    this.live = [];
    const turn = this.turn;
    if (!turn) return;
    const printedText = turn.attemptText.slice(0, turn.attemptPrinted);
    const printedOther = turn.printedThisAttempt > 0 && !turn.attemptPrintedTextOnly;
    Object.assign(turn, {
      activity: 'requesting',
      streamedChars: 0,
      continuesReplay: false,
      replay: turn.attemptPrintedTextOnly && printedText !== '' ? { text: printedText, matched: 0 } : turn.replay,
      retry: { attempt: event.attempt, maxRetries: event.maxRetries, resumesAt: this.now() + event.delayMs, reason: retryReasonLabel(event.failure) },
    });
    if (printedOther) {
      this.enqueuePrint({ kind: 'notice', id: this.newId('notice'), tone: 'warning', text: 'The reply starts over after a failed request, so some of the lines above may repeat.' });
    }
  }

  /** Moves finished segments from the front of the live list into the print queue, in order. */
  private moveFinishedToStatic(): void {
    const taken = takeFinishedSegments(this.live, { drawsMessageGroups: this.drawsMessageGroups, finishedTextHeld: this.finishedTextHeld, newId: (prefix) => this.newId(prefix) });
    for (const piece of taken) {
      if (piece.kind === 'text') this.countPrintedText(piece.chars);
      else if (this.turn) this.turn.attemptPrintedTextOnly = false;
      if (piece.kind === 'tools') {
        for (const call of piece.calls) {
          const work = childWorkOf(call);
          if (work) this.childConversations.set(call.id, work);
        }
      }
      if (piece.item) this.enqueuePrint(piece.item);
    }
  }

  private countPrintedText(chars: number): void {
    if (this.turn) this.turn.attemptPrinted += chars;
  }

  private enqueuePrint(item: TranscriptItem): void {
    if (this.turn) this.turn.printedThisAttempt++;
    this.scrollback.enqueue(item);
  }

  private changed(): void {
    this.publisher.changed();
  }

  private buildSnapshot(): TranscriptSnapshot {
    const turn = this.turn;
    return {
      staticItems: this.scrollback.items,
      staticEpoch: this.scrollback.epoch,
      live: this.live.map(liveViewOf),
      turn: turn
        ? {
            startedAt: turn.startedAt,
            activity: turn.activity,
            outputTokens: turn.reportedTokens + Math.round(turn.streamedChars / CHARS_PER_TOKEN),
            ...(turn.hooks ? { hooks: turn.hooks } : {}),
            ...(turn.retry ? { retry: turn.retry } : {}),
          }
        : undefined,
    };
  }

  private newId(prefix: string): string {
    return `${prefix}-${++this.nextId}`;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
