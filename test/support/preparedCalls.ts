// Prepared calls for tests: the same declaration step the pipeline runs
// (tool.declareFacts against a scope), without a session around it.
import os from 'node:os';
import type { PreparedCall, Tool, Tools, ToolUseContext } from '../../src/contract/tool.js';
import { emptyRuleSet } from '../../src/permissions/canUseTool.js';
import type { ToolPermissionContext } from '../../src/contract/permissions.js';
import { declareCall, prepareToolCall, type Preparation } from '../../src/services/tools/prepareToolCall.js';
import type { ToolUseRequest } from '../../src/services/tools/toolExecution.js';
import { createAppStateStore, initialAppState } from '../../src/state/appState.js';
import { BoundedFileSnapshots } from '../../src/state/readFileState.js';
import { BackgroundTaskRegistry } from '../../src/tasks/backgroundTasks.js';

export function preparedCall<Input>(tool: Tool<Input>, input: Input, scope: { cwd?: string; home?: string } = {}): Promise<PreparedCall<Input>> {
  return declareCall(tool, input, { cwd: scope.cwd ?? process.cwd(), home: scope.home ?? os.homedir() });
}

/** The smallest real ToolUseContext: default mode, no rules, the given tools. */
export function bareToolContext(tools: Tools, cwd: string = process.cwd()): ToolUseContext {
  const permissionContext: ToolPermissionContext = { mode: 'default', workingDirectories: [cwd], isBypassAvailable: false, rules: emptyRuleSet() };
  return {
    abortSignal: new AbortController().signal,
    toolUseId: '',
    cwd,
    projectRoot: cwd,
    session: { id: 'test', dir: os.tmpdir(), configDir: os.tmpdir() },
    readFileState: new BoundedFileSnapshots(),
    tools,
    messages: [],
    model: 'test',
    isInteractive: false,
    appState: createAppStateStore(initialAppState(permissionContext)),
    mcpClients: [],
    backgroundTasks: new BackgroundTaskRegistry(),
  };
}

/** Each request prepared as the executor prepares it. */
export function prepareRequests(requests: readonly ToolUseRequest[], tools: Tools): Promise<Preparation[]> {
  const context = bareToolContext(tools);
  return Promise.all(requests.map((request) => prepareToolCall(request, context)));
}
