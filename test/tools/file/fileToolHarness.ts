// Runs the file tools through the real pipeline step (runToolUse: schema, validateInput,
// permission, call, result mapping) against a real temp directory, one call at a time, with
// one readFileState shared by the calls of a test — as within one session.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Tool, ToolUseContext } from '../../../src/contract/tool.js';
import { NO_HOOKS } from '../../../src/hooks/types.js';
import { emptyRuleSet, type CanUseToolFn } from '../../../src/permissions/canUseTool.js';
import { runToolUse, type ToolCallOutcome } from '../../../src/services/tools/toolExecution.js';
import { createAppStateStore, initialAppState } from '../../../src/state/appState.js';
import { createReadFileState } from '../../../src/state/readFileState.js';
import type { ReadFileState } from '../../../src/contract/readFileState.js';
import { EditTool } from '../../../src/tools/EditTool/EditTool.js';
import { NotebookEditTool } from '../../../src/tools/NotebookEditTool/NotebookEditTool.js';
import { ReadTool } from '../../../src/tools/ReadTool/ReadTool.js';
import { WriteTool } from '../../../src/tools/WriteTool/WriteTool.js';
import type { TextFileAccess } from '../../../src/contract/textFileAccess.js';
import { BackgroundTaskRegistry } from '../../../src/tasks/backgroundTasks.js';

export const FILE_TOOLS: Tool[] = [ReadTool, WriteTool, EditTool, NotebookEditTool];

export type CallResult = {
  readonly outcome: ToolCallOutcome;
  /** The tool_result text the model would get (text blocks joined). */
  readonly text: string;
  readonly isError: boolean;
};

export type FileToolSandbox = {
  /** The temp directory (real path), also the session's cwd. */
  readonly dir: string;
  readonly readFileState: ReadFileState;
  /** Absolute path inside the sandbox. */
  path(...parts: string[]): string;
  call(toolName: string, input: unknown, options?: { cwd?: string; signal?: AbortSignal }): Promise<CallResult>;
  cleanup(): Promise<void>;
};

let counter = 0;

// Permissions are not under test here (the end-to-end tests use the session's real engine).
const allowEverything: CanUseToolFn = async () => ({ behavior: 'allow', reason: { type: 'mode', mode: 'bypassPermissions' } });

/** `textFiles`: an editor's view of the files, as an ACP client offers it; absent: the disk. */
export async function createSandbox(options: { readonly textFiles?: TextFileAccess } = {}): Promise<FileToolSandbox> {
  const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agentcli-files-')));
  const readFileState = createReadFileState();
  const appState = createAppStateStore(
    initialAppState({ mode: 'bypassPermissions', workingDirectories: [dir], isBypassAvailable: true, rules: emptyRuleSet() }),
  );
  const baseContext = (cwd: string, signal: AbortSignal, toolUseId: string): ToolUseContext => ({
    abortSignal: signal,
    toolUseId,
    cwd,
    projectRoot: dir,
    session: { id: 'test-session', dir: path.join(dir, '.session'), configDir: path.join(dir, '.config') },
    readFileState,
    tools: FILE_TOOLS,
    messages: [],
    model: 'test-model',
    isInteractive: false,
    appState,
    mcpClients: [],
    backgroundTasks: new BackgroundTaskRegistry(),
    ...(options.textFiles ? { textFiles: options.textFiles } : {}),
  });
  return {
    dir,
    readFileState,
    path: (...parts) => path.join(dir, ...parts),
    async call(toolName, input, options = {}) {
      const id = `toolu_test_${++counter}`;
      const context = baseContext(options.cwd ?? dir, options.signal ?? new AbortController().signal, id);
      const outcome = await runToolUse(
        { id, name: toolName, input },
        { env: { canUseTool: allowEverything, hooks: NO_HOOKS }, context, onProgress: () => undefined },
      );
      return { outcome, text: blockText(outcome.result.content), isError: outcome.result.is_error === true };
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

function blockText(content: ToolCallOutcome['result']['content']): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

/** The tool's own output of a call, checked to be of the expected kind (its `type` field). */
export function outputOfType<T extends { readonly type: string }>(outcome: ToolCallOutcome, type: T['type']): T {
  const data = outcome.data;
  if (!hasType<T>(data, type)) throw new Error(`expected a "${type}" output, got ${JSON.stringify(data)?.slice(0, 200)}`);
  return data;
}

function hasType<T extends { readonly type: string }>(value: unknown, type: string): value is T {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === type;
}
