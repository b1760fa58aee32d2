/**
 * What a conversation leaves on disk: its transcript file (opened for a new
 * conversation, continued or forked for a resumed one, none when nothing is
 * saved), the title and starting mode the first prompt writes, and the
 * prompts' file checkpoints. The conversation (conversationSession.ts) owns
 * its state and tells this record what happened; the record never changes
 * the conversation.
 */
import type { ContentBlockParam, ConversationMessage } from '../types/messages.js';
import type { CheckpointKeeper } from './checkpoints/checkpointKeeper.js';
import { createConversationCheckpoints } from './checkpoints/conversationCheckpoints.js';
import { openTranscriptWriter } from './conversationPersistence.js';
import type { ConversationSessionOptions } from './conversationOptions.js';
import { promptTitle } from './promptMessages.js';
import type { LoadedTranscript } from './transcript/loadTranscript.js';
import { transcriptFile } from './transcript/sessionFiles.js';
import type { TranscriptWriter } from './transcript/transcriptWriter.js';

export type ResumedConversation = NonNullable<ConversationSessionOptions['resumed']>;

export class ConversationRecord {
  private currentWriter: TranscriptWriter | undefined;
  private keeper: CheckpointKeeper | undefined;
  private hasTitle = false;

  constructor(
    private readonly options: ConversationSessionOptions,
    /** The conversation's working directory now (each line records it). */
    private readonly cwd: () => string,
  ) {}

  /** The transcript being written; undefined when nothing is saved. */
  get writer(): TranscriptWriter | undefined {
    return this.currentWriter;
  }

  /** The prompts' file checkpoints; undefined when checkpointing is off or this is a subagent. */
  get checkpoints(): CheckpointKeeper | undefined {
    return this.keeper;
  }

  /** A new conversation under `id`: its own file (when saved) and checkpoints; the first prompt will title it. */
  startNew(id: string): void {
    this.hasTitle = false;
    this.currentWriter = this.openWriter(id);
    this.keeper = this.newCheckpoints(id, undefined);
  }

  /**
   * A saved conversation taken up under `id` with these (repaired) messages:
   * the same file continued, or — for a fork — a new file with the whole
   * history, the original left byte for byte.
   */
  takeUp(id: string, resumed: ResumedConversation, messages: readonly ConversationMessage[]): void {
    const { transcript } = resumed;
    this.hasTitle = transcript.title !== undefined || transcript.messages.length > 0;
    if (!this.options.persist) this.currentWriter = undefined;
    else if (resumed.fork) {
      this.currentWriter = this.newWriter(id, transcriptFile(this.options.session.info.configDir, this.options.session.cwd, id), undefined);
      this.currentWriter.appendMissing(messages);
      if (transcript.title) this.currentWriter.appendTitle(transcript.title);
    } else {
      this.currentWriter = this.newWriter(id, resumed.file, transcript);
      // Repairs (synthetic results for calls the old process never finished) join the file.
      this.currentWriter.appendMissing(messages);
    }
    this.keeper = this.newCheckpoints(id, { file: resumed.file, fork: resumed.fork });
  }

  /** A prompt joined the conversation; the first one also writes the title and the mode the conversation started in. */
  recordPrompt(prompt: ConversationMessage, content: string | ContentBlockParam[]): void {
    this.currentWriter?.appendMessage(prompt);
    if (this.hasTitle) return;
    // Later mode changes are written as they happen.
    this.hasTitle = true;
    const title = promptTitle(content);
    if (title) this.currentWriter?.appendTitle(title);
    const mode = this.options.session.appState.get().toolPermissionContext.mode;
    if (mode !== 'default') this.currentWriter?.appendMode(mode);
  }

  close(): void {
    this.currentWriter?.close();
  }

  private newCheckpoints(id: string, resumed: { readonly file: string; readonly fork: boolean } | undefined): CheckpointKeeper | undefined {
    if (this.options.child) return undefined;
    return createConversationCheckpoints({
      session: this.options.session,
      sessionId: id,
      append: (record) => this.currentWriter?.appendCheckpoint(record),
      ...(resumed ? { resumed } : {}),
      ...(this.options.onWarning ? { onWarning: this.options.onWarning } : {}),
    });
  }

  private openWriter(id: string): TranscriptWriter | undefined {
    if (!this.options.persist) return undefined;
    const { session } = this.options;
    return this.newWriter(id, this.options.sidechainTranscript ?? transcriptFile(session.info.configDir, session.cwd, id), undefined);
  }

  private newWriter(id: string, file: string, resumed: LoadedTranscript | undefined): TranscriptWriter {
    return openTranscriptWriter({
      session: this.options.session,
      file,
      sessionId: this.options.child?.rootSessionId ?? id,
      child: this.options.child,
      isSidechain: this.options.sidechainTranscript !== undefined,
      cwd: this.cwd,
      resumed,
      onWarning: this.options.onWarning,
    });
  }
}
