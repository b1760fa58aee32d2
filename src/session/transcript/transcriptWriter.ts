/**
 * Appends a session's transcript as things happen: each line is one
 * `write(2)` on a file opened for appending (mode 0600), so a process killed
 * at any moment leaves every earlier line whole and at most the last one
 * torn — which the loader skips. Lines are never rewritten. A file that
 * ends torn (the last run was killed mid-line) is closed with a newline
 * before anything is appended, so the next line — a resumed session's new
 * prompt — starts a line of its own instead of joining the torn one.
 *
 * The writer keeps the chain: `leaf` is the message the next one answers.
 * The file is created with the first line, so a session that never sends a
 * prompt leaves nothing behind.
 *
 * One writer per file across processes (sessionLock.ts): a writer for a
 * file that exists (a resumed session) takes the lock as it is made and
 * throws SessionInUseError if another live process holds it; a new file's
 * lock is taken with its first line.
 *
 * Secrets: the API key and auth token the process was given are replaced by
 * `[redacted]` wherever they would appear (a tool that printed the
 * environment, say), so a transcript can be shared.
 */
import { accessSync, closeSync, constants, existsSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { PermissionMode } from '../../contract/permissions.js';
import type { CompactionTrigger } from '../../query/events.js';
import type { TodoItem } from '../../contract/appState.js';
import type { ConversationMessage } from '../../types/messages.js';
import { errorMessageOf, UserFacingError } from '../../utils/errors.js';
import { newUuid, nowIso } from '../../utils/ids.js';
import { VERSION } from '../../version.js';
import { acquireSessionLock, type SessionLock } from './sessionLock.js';
import type { CheckpointRecord } from '../checkpoints/checkpointRecord.js';
import { lineOfMessage, type LineEnvelope, type TranscriptLine } from './transcriptLines.js';

export type TranscriptWriterOptions = {
  readonly file: string;
  readonly sessionId: string;
  readonly gitBranch?: string;
  /** Where the conversation is now: each line records it (resume restores the last). */
  readonly cwd: () => string;
  /** The message the next line follows (a resumed conversation's last message). */
  readonly leafUuid?: string;
  /** Uuids already in the file, so resuming does not write them twice. */
  readonly written?: Iterable<string>;
  /** A subagent's transcript: lines say so. */
  readonly isSidechain?: boolean;
  /** A subagent's transcript: its id and the parent's Agent tool_use id, on every line. */
  readonly sidechain?: { readonly agentId: string; readonly parentToolUseId: string };
  readonly secrets?: readonly string[];
  /** Called once if writing fails (disk full, folder removed): the session goes on without a transcript. */
  readonly onError?: (message: string) => void;
};

/** The session's transcript is open in another live process: resuming it here would interleave two conversations. */
export class SessionInUseError extends UserFacingError {
  constructor(sessionId: string, holderPid: number) {
    super(
      `session ${sessionId} is open in another agentcli process (pid ${holderPid}); resume it once that one ends, or add --fork-session to continue it as a new session.`,
    );
  }
}

export class TranscriptWriter {
  readonly file: string;
  private fd: number | undefined;
  private lock: SessionLock | undefined;
  private failed = false;
  private leaf: string | null;
  private leafRole: 'user' | 'assistant' | undefined;
  /** The last partial tool result of the answer being collected, and the calls they answer. */
  private partialLeaf: string | undefined;
  private partialToolUseIds = new Set<string>();
  /** A message not written because its parts say it all → the part line that stands for it. */
  private readonly aliases = new Map<string, string>();
  private readonly written: Set<string>;
  private readonly secrets: readonly string[];

  constructor(private readonly options: TranscriptWriterOptions) {
    this.file = options.file;
    this.leaf = options.leafUuid ?? null;
    this.written = new Set(options.written ?? []);
    // Short values would redact ordinary words; real keys are long.
    this.secrets = (options.secrets ?? []).filter((secret) => secret.length >= 12);
    if (existsSync(this.file)) this.takeLock();
  }

  get leafUuid(): string | null {
    return this.leaf;
  }

  has(uuid: string): boolean {
    return this.written.has(uuid);
  }

  /** A message of the conversation, following the current leaf (or `parentUuid` when it replaces a message). */
  appendMessage(message: ConversationMessage, parentUuid: string | null = this.leaf, carried = false): void {
    this.write(lineOfMessage(message, { ...this.envelope(this.resolve(parentUuid)), ...(carried ? { isCompactCarried: true } : {}) }));
    this.written.add(message.uuid);
    this.leaf = message.uuid;
    this.leafRole = message.type;
    this.clearParts();
  }

  /**
   * The loop's answer to an assistant message. When the tool results already
   * written one by one are all it holds, it is not written again: the last
   * of them stands for it (the loader merges them back into one message).
   */
  appendAnswer(message: ConversationMessage): void {
    const blocks = message.type === 'user' && typeof message.content !== 'string' ? message.content : undefined;
    const covered =
      this.partialLeaf !== undefined &&
      blocks !== undefined &&
      blocks.length === this.partialToolUseIds.size &&
      blocks.every((block) => block.type === 'tool_result' && this.partialToolUseIds.has(block.tool_use_id));
    if (!covered || this.partialLeaf === undefined) {
      this.appendMessage(message);
      return;
    }
    this.aliases.set(message.uuid, this.partialLeaf);
    this.written.add(message.uuid);
    this.leaf = message.uuid;
    this.leafRole = 'user';
    this.clearParts();
  }

  /** True when the chain ends with an assistant message (its tool results are what comes next). */
  get leafIsAssistant(): boolean {
    return this.leafRole === 'assistant';
  }

  /** Messages not yet in the file, in order (a resumed conversation's repairs, a fork's whole history). */
  appendMissing(messages: readonly ConversationMessage[], options: { readonly carried?: boolean } = {}): void {
    for (const message of messages) {
      if (this.written.has(message.uuid)) {
        this.leaf = message.uuid;
        this.leafRole = message.type;
      } else this.appendMessage(message, this.leaf, options.carried ?? false);
    }
  }

  /**
   * One tool's result, as soon as it arrives: if the process dies before the
   * whole answer is written, resuming still has it.
   */
  appendToolResultPart(result: ToolResultBlockParam): void {
    const uuid = newUuid();
    this.write({
      ...this.envelope(this.resolve(this.partialLeaf ?? this.leaf), uuid),
      type: 'user',
      isMeta: true,
      isToolResultPart: true,
      message: { role: 'user', content: [result] },
    });
    this.partialLeaf = uuid;
    this.partialToolUseIds.add(result.tool_use_id);
  }

  /** The next message follows this one (a message was taken back or replaced). */
  rewindTo(uuid: string | null): void {
    this.leaf = uuid;
    this.leafRole = undefined;
    this.clearParts();
  }

  appendCompactBoundary(details: { trigger: CompactionTrigger; tokensBefore: number; tokensAfter: number }): void {
    const uuid = newUuid();
    this.write({
      ...this.envelope(null, uuid),
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      logicalParentUuid: this.resolve(this.leaf),
      compactMetadata: { trigger: details.trigger, preTokens: details.tokensBefore, postTokens: details.tokensAfter },
    });
    this.leaf = uuid;
    this.leafRole = undefined;
    this.clearParts();
  }

  appendTitle(title: string): void {
    this.write({ type: 'title', sessionId: this.options.sessionId, title, timestamp: nowIso() });
  }

  appendMode(mode: PermissionMode): void {
    this.write({ type: 'mode', sessionId: this.options.sessionId, mode, timestamp: nowIso() });
  }

  appendModel(model: string): void {
    this.write({ type: 'model', sessionId: this.options.sessionId, model, timestamp: nowIso() });
  }

  appendTodos(todos: readonly TodoItem[]): void {
    this.write({ type: 'todos', sessionId: this.options.sessionId, todos, timestamp: nowIso() });
  }

  /** A prompt's checkpoint (src/session/checkpoints/), keyed by its message uuid; the newest line per uuid wins. */
  appendCheckpoint(checkpoint: CheckpointRecord): void {
    this.write({ type: 'checkpoint', sessionId: this.options.sessionId, timestamp: nowIso(), checkpoint });
  }

  /** Final: a closed writer writes nothing more (reopening would append to a file another session may now own). */
  close(): void {
    this.failed = true;
    this.lock?.release();
    this.lock = undefined;
    if (this.fd === undefined) return;
    try {
      closeSync(this.fd);
    } catch {
      // Already closed: nothing is lost, every line was written when it happened.
    }
    this.fd = undefined;
  }

  private takeLock(): void {
    if (this.lock) return;
    const attempt = acquireSessionLock(this.file);
    if (!attempt.ok) throw new SessionInUseError(this.options.sessionId, attempt.holderPid);
    this.lock = attempt.lock;
  }

  private resolve(uuid: string | null): string | null {
    return uuid === null ? null : (this.aliases.get(uuid) ?? uuid);
  }

  private clearParts(): void {
    this.partialLeaf = undefined;
    this.partialToolUseIds = new Set();
  }

  private envelope(parentUuid: string | null, uuid = ''): LineEnvelope {
    return {
      uuid,
      parentUuid,
      sessionId: this.options.sessionId,
      timestamp: nowIso(),
      cwd: this.options.cwd(),
      ...(this.options.gitBranch ? { gitBranch: this.options.gitBranch } : {}),
      version: VERSION,
      isSidechain: this.options.isSidechain ?? false,
      userType: 'external',
      ...(this.options.sidechain ? { agentId: this.options.sidechain.agentId, parentToolUseId: this.options.sidechain.parentToolUseId } : {}),
    };
  }

  private write(line: TranscriptLine): void {
    if (this.failed) return;
    let text = JSON.stringify(line);
    for (const secret of this.secrets) if (text.includes(secret)) text = text.replaceAll(secret, '[redacted]');
    try {
      if (this.fd === undefined) {
        mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
        this.takeLock();
        this.fd = openSync(this.file, 'a+', 0o600);
        if (endsTorn(this.fd)) writeSync(this.fd, '\n');
      }
      writeSync(this.fd, `${text}\n`);
    } catch (error) {
      this.failed = true;
      this.options.onError?.(`could not write the transcript ${this.file}: ${whyNotWritable(this.file, error)}`);
    }
  }
}

/** True when the file has content whose last byte is not a newline: a line cut off by a killed process. */
function endsTorn(fd: number): boolean {
  const { size } = fstatSync(fd);
  if (size === 0) return false;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

/**
 * The reason a user can act on. A recursive mkdir on a read-only
 * filesystem reports ENOENT for the folder it could not make, which reads
 * as "missing"; the nearest folder that exists says what is wrong with it.
 */
function whyNotWritable(file: string, error: unknown): string {
  const message = errorMessageOf(error);
  let folder = path.dirname(file);
  while (!existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  try {
    accessSync(folder, constants.W_OK);
    return message;
  } catch (access) {
    const code = (access as NodeJS.ErrnoException).code;
    return `${folder} is not writable (${code === 'EROFS' ? 'a read-only filesystem, EROFS' : (code ?? 'no permission')})`;
  }
}
