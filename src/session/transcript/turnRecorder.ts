/**
 * Which event of a turn becomes which transcript line: each message is
 * written as it becomes final — the assistant message when complete, each
 * tool result as it arrives. A result can finish before its assistant
 * message has finished streaming (the executor starts tools early); it is
 * held until that message is written, so the file's parent chain holds.
 */
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { QueryEvent } from '../../query/events.js';
import type { TranscriptWriter } from './transcriptWriter.js';

export class TurnRecorder {
  /** Tool results that arrived before their assistant message was complete. */
  private earlyResults: ToolResultBlockParam[] = [];

  /** `writer`: the conversation's current writer (it changes on /clear and resume; none without persistence). */
  constructor(private readonly writer: () => TranscriptWriter | undefined) {}

  record(event: QueryEvent): void {
    const writer = this.writer();
    switch (event.type) {
      case 'request_start':
        this.earlyResults = [];
        return;
      case 'assistant_complete':
        writer?.appendMessage(event.message);
        // Results of calls that finished while the message was still streaming follow it now.
        for (const result of this.earlyResults.splice(0)) writer?.appendToolResultPart(result);
        return;
      case 'tool_result':
        if (writer?.leafIsAssistant) writer.appendToolResultPart(event.outcome.result);
        else this.earlyResults.push(event.outcome.result);
        return;
      case 'assistant_message':
        this.earlyResults = [];
        if (!writer?.has(event.message.uuid)) writer?.appendMessage(event.message);
        return;
      case 'user_message':
        writer?.appendAnswer(event.message);
        return;
      default:
        return;
    }
  }
}
