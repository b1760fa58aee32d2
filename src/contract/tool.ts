/**
 * L1 — the tool contract. A tool is one static object made by buildTool();
 * everything that varies per call travels in ToolUseContext.
 *
 * Defaults are fail-closed: a tool that forgets to say it is read-only or
 * concurrency-safe is treated as neither, which costs speed, never safety.
 */
import path from 'node:path';
import type { z } from 'zod';
import { lazySchema } from '../utils/lazy.js';
import type { McpClientHandle } from './mcp.js';
import type { ModelClient } from './modelClient.js';
import type { AppStateStore } from './appState.js';
import type { ReadFileState } from './readFileState.js';
import type { DeclaredPathAccess, ToolFamily, PermissionMode, ToolPermissionResult } from './permissions.js';
import type { ShellCommandAnalysis } from '../permissions/shell/analyzeShellCommand.js';
import type { ConversationMessage, ToolResultBlockParam, UserMessage } from '../types/messages.js';
import type { UserInteraction } from '../types/userInteraction.js';
import type { TextFileAccess } from './textFileAccess.js';
import type { SubagentLauncher } from './subagentLauncher.js';
import type { ToolRenderers } from './toolRenderers.js';
import type { BackgroundTasks } from './backgroundTasks.js';

/** A file's whole text before (undefined: the file is new) and after a change. */
export type ChangePreview = { readonly path: string; readonly oldText: string | undefined; readonly newText: string };

/** A JSON Schema object as the Messages API takes it (`input_schema`). */
export type ToolInputJSONSchema = {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required?: string[];
  readonly [key: string]: unknown;
};

export type ValidationResult = { readonly result: true } | { readonly result: false; readonly message: string };

export type ToolResult<Output> = {
  readonly data: Output;
  /** Extra messages to add to the conversation after this turn's tool results. */
  readonly newMessages?: readonly UserMessage[];
  /** Changes the context of later tools (e.g. `cd`). Honoured only for tools that ran serially. */
  readonly contextModifier?: (context: ToolUseContext) => ToolUseContext;
};

export type ToolCallProgress<Progress> = (progress: Progress) => void;

export type SessionInfo = {
  readonly id: string;
  /** `$AGENTCLI_CONFIG_DIR/projects/<slug>/<session-id>`: large tool results go under tool-results/. */
  readonly dir: string;
  readonly configDir: string;
};

/** Where a session keeps tool output too large for the conversation (the pipeline's size control, and tools that save output themselves). */
export function toolResultsDir(session: SessionInfo): string {
  return path.join(session.dir, 'tool-results');
}

export type ToolUseContext = {
  readonly abortSignal: AbortSignal;
  /** The id of the tool_use being answered; empty outside a call. */
  readonly toolUseId: string;
  readonly cwd: string;
  /** Where the session started: relative rule paths and the containment check anchor here. */
  readonly projectRoot: string;
  readonly session: SessionInfo;
  readonly readFileState: ReadFileState;
  readonly tools: Tools;
  readonly messages: readonly ConversationMessage[];
  readonly model: string;
  readonly isInteractive: boolean;
  /** Session state, including the live permission context (modes and rules can change mid-turn). */
  readonly appState: AppStateStore;
  readonly mcpClients: readonly McpClientHandle[];
  /** The session's background tasks (Bash and Agent with run_in_background, Ctrl+B); never another session's. */
  readonly backgroundTasks: BackgroundTasks;
  /** Variables the session's SessionStart hooks set for shell commands (CLAUDE_ENV_FILE), added to the environment. */
  readonly shellEnvironment?: () => Promise<Readonly<Record<string, string>>>;
  readonly modelClient?: ModelClient;
  readonly userInteraction?: UserInteraction;
  /** Set by the conversation running the turn: how the Agent tool starts a child (absent: it cannot). */
  readonly subagents?: SubagentLauncher;
  /** Where file tools read and write text when an editor holds the files (unsaved buffers); absent: the local disk. */
  readonly textFiles?: TextFileAccess;
  /**
   * Registers something to undo when the user's turn ends, however it ends
   * (a skill's allowed-tools hold for the rest of the turn); absent outside a turn.
   */
  readonly onTurnEnd?: (release: () => void) => void;
  /** How the running call was permitted (set by the pipeline for `call`); absent: as if by rules. */
  readonly grant?: CallGrant;
};

/**
 * How a call came to run, for tools whose sandbox depends on it (Bash):
 * allowed by rules, mode or hook, it runs under what its analysis claimed;
 * approved by a person, in the session sandbox, or outside it when they
 * chose that. `facts` are the call's own, so the tool need not analyse again.
 */
export type CallGrant = {
  readonly by: 'rules' | 'user';
  readonly outsideSandbox?: boolean;
  readonly facts?: CallFacts;
};

export type PromptOptions = {
  readonly tools: Tools;
  readonly permissionMode: PermissionMode;
};

export type InterruptBehavior = 'cancel' | 'block';


/** Where a call runs: relative paths in its input are resolved against `cwd`, `~` against `home`. */
export type CallScope = { readonly cwd: string; readonly home: string };

/**
 * What one call touches, declared by its tool from the parsed input, for the
 * permission system: paths are absolute (resolved against the call's cwd),
 * a shell command comes analysed. Computed once per call.
 */
export type CallFacts = {
  readonly paths?: readonly DeclaredPathAccess[];
  readonly url?: string;
  readonly shell?: ShellCommandAnalysis;
};

/**
 * One tool_use, prepared once: its input parsed and validated by the schema,
 * its facts declared against the cwd it runs in. Partitioning, the permission
 * decision, rule suggestions and `call` all work from this one object.
 */
export type PreparedCall<Input = unknown> = {
  readonly input: Input;
  readonly scope: CallScope;
  readonly facts: CallFacts;
};

/**
 * The full tool type. Members are declared as methods so a Tool<{path:string}>
 * is usable wherever a Tool<unknown> is (the registry holds many kinds).
 */
export interface Tool<Input = unknown, Output = unknown, Progress = unknown> {
  readonly name: string;
  readonly aliases?: readonly string[];
  /** A few words for ToolSearch keyword scoring. */
  readonly searchHint?: string;
  /** A lazy getter on built tools: constructed on first access, then cached. */
  readonly inputSchema: z.ZodType<Input>;
  /** Sent to the API as-is instead of converting inputSchema (MCP tools). */
  readonly inputJSONSchema?: ToolInputJSONSchema;
  /** One line saying what this call does, for the UI and the permission dialog. */
  description(input: Partial<Input> | undefined): string | Promise<string>;
  /** The model-facing description: when to use the tool, its limits, examples. */
  prompt(options: PromptOptions): string | Promise<string>;
  call(input: Input, context: ToolUseContext, onProgress: ToolCallProgress<Progress>): Promise<ToolResult<Output>>;

  // --- defaultable (always present on a built tool) ---
  isEnabled(): boolean;
  /**
   * What kind of thing the tool does, for the permission system: `read` and
   * `edit` tools are matched by `Read(...)` / `Edit(...)` path rules and the
   * modes' file defaults, `execute` tools by `Bash(...)` command rules,
   * `network` tools by `WebFetch(domain:...)` rules. Default `other`.
   */
  readonly family: ToolFamily;
  /** The paths, URL or shell command this call touches (see CallFacts). Default: nothing declared. */
  declareFacts(input: Input, scope: CallScope): CallFacts | Promise<CallFacts>;
  isReadOnly(call: PreparedCall<Input>): boolean;
  isConcurrencySafe(call: PreparedCall<Input>): boolean;
  isDestructive(input: Input): boolean;
  /** Tool-specific permission logic; `passthrough` defers to the general rules. */
  checkPermissions(call: PreparedCall<Input>, context: ToolUseContext): Promise<ToolPermissionResult>;
  validateInput(input: Input, context: ToolUseContext): Promise<ValidationResult>;
  userFacingName(input?: Partial<Input>): string;
  mapToolResultToToolResultBlockParam(data: Output, toolUseId: string): ToolResultBlockParam;
  /** Over this many characters the result is persisted to disk and previewed (Infinity: never). */
  readonly maxResultSizeChars: number;
  interruptBehavior(): InterruptBehavior;
  /** When this tool fails inside a parallel batch, its running siblings are cancelled. */
  readonly cancelSiblingsOnError: boolean;

  // --- optional ---
  /**
   * Prepares expensive state (a parser, a wasm module) while the first model
   * request is in flight, so neither start-up nor the first call pays for it.
   */
  warmUp?(): Promise<void>;
  readonly shouldDefer?: boolean;
  readonly alwaysLoad?: boolean;
  /** Only useful with a person present (asks them something): not offered to non-interactive sessions. */
  readonly requiresUserInteraction?: boolean;
  readonly isMcp?: boolean;
  readonly mcpInfo?: { readonly serverName: string; readonly toolName: string };
  /**
   * The file change this call would make, worked out without making it, so a
   * permission request can show the diff before the user answers (an editor
   * front end does). Undefined when the call would fail or change nothing.
   */
  previewChange?(call: PreparedCall<Input>, context: ToolUseContext): Promise<ChangePreview | undefined>;
  /** Lazily loads the Ink render functions (UI.tsx); headless runs never call it. */
  ui?(): Promise<ToolRenderers<Input, Output, Progress>>;
}

export type Tools = readonly Tool[];

type DefaultableKey =
  | 'isEnabled'
  | 'family'
  | 'declareFacts'
  | 'isReadOnly'
  | 'isConcurrencySafe'
  | 'isDestructive'
  | 'checkPermissions'
  | 'validateInput'
  | 'userFacingName'
  | 'mapToolResultToToolResultBlockParam'
  | 'maxResultSizeChars'
  | 'interruptBehavior'
  | 'cancelSiblingsOnError';

/**
 * What a tool author writes: the required members plus any defaults they
 * override. The schema is given as a factory so it is built on first use
 * (start-up constructs no schema it does not send).
 */
export type ToolDef<Input, Output, Progress = never> = Omit<Tool<Input, Output, Progress>, DefaultableKey | 'inputSchema'> &
  Partial<Pick<Tool<Input, Output, Progress>, DefaultableKey>> & {
    readonly inputSchema: () => z.ZodType<Input>;
  };

export const DEFAULT_MAX_RESULT_SIZE_CHARS = 100_000;

export const TOOL_DEFAULTS = {
  isEnabled: () => true,
  family: 'other',
  declareFacts: () => ({}),
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  isDestructive: () => false,
  checkPermissions: async () => ({ behavior: 'passthrough' }) as const,
  validateInput: async () => ({ result: true }) as const,
  maxResultSizeChars: DEFAULT_MAX_RESULT_SIZE_CHARS,
  interruptBehavior: () => 'block' as const,
  cancelSiblingsOnError: false,
  mapToolResultToToolResultBlockParam(data: unknown, toolUseId: string): ToolResultBlockParam {
    return {
      type: 'tool_result',
      tool_use_id: toolUseId,
      content: typeof data === 'string' ? data : JSON.stringify(data, null, 2),
    };
  },
} satisfies Partial<Tool> & { family: ToolFamily };

export function buildTool<Input, Output, Progress = never>(
  def: ToolDef<Input, Output, Progress>,
): Tool<Input, Output, Progress> {
  const schema = lazySchema(def.inputSchema);
  const built: Tool<Input, Output, Progress> = {
    ...TOOL_DEFAULTS,
    userFacingName: () => def.name,
    ...def,
    get inputSchema() {
      return schema();
    },
  };
  return Object.freeze(built);
}

export function toolMatchesName(tool: Pick<Tool, 'name' | 'aliases'>, name: string): boolean {
  return tool.name === name || (tool.aliases?.includes(name) ?? false);
}

export function findToolByName(tools: Tools, name: string): Tool | undefined {
  return tools.find((tool) => toolMatchesName(tool, name));
}
