// Helpers for the misc tool tests: one tool call through the real pipeline (runToolUse) with
// a real session's context, and a full scenario with a person present (userInteraction),
// which test/support/queryHarness.ts does not provide.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Tool, ToolUseContext } from '../../../src/contract/tool.js';
import type { PermissionMode } from '../../../src/contract/permissions.js';
import type { QueryOutcome } from '../../../src/query.js';
import { ConversationSession } from '../../../src/session/conversationSession.js';
import { createAnthropicModelClient } from '../../../src/services/api/anthropicClient.js';
import type { ModelClient } from '../../../src/contract/modelClient.js';
import { runToolUse, type ToolCallOutcome } from '../../../src/services/tools/toolExecution.js';
import { createSession } from '../../../src/app/createSession.js';
import type { Session } from '../../../src/session/session.js';
import type { UserInteraction } from '../../../src/types/userInteraction.js';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn } from '../../support/fakeAnthropic.js';

/** A model client for tests that must not reach a model: any call fails the tool loudly. */
export const NO_MODEL: ModelClient = {
  streamMessage() {
    throw new Error('unexpected model call');
  },
  createMessage() {
    return Promise.reject(new Error('unexpected model call'));
  },
};

export type ToolTestSession = {
  readonly session: Session;
  readonly cwd: string;
  /** Runs one call through the whole pipeline (schema, validateInput, permission, call, mapping). */
  call(tool: Tool, input: unknown, options?: { signal?: AbortSignal }): Promise<ToolCallOutcome>;
  cleanup(): Promise<void>;
};

export async function createToolTestSession(options: {
  readonly tools: Tool[];
  readonly mode?: PermissionMode;
  readonly userInteraction?: UserInteraction;
  /** Interactive even without userInteraction (default: interactive exactly when it is given). */
  readonly interactive?: boolean;
  readonly modelClient?: ModelClient;
  readonly allowedTools?: readonly string[];
}): Promise<ToolTestSession> {
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-misc-config-'));
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-misc-cwd-'));
  const session = await createSession({
    cwd,
    env: { AGENTCLI_CONFIG_DIR: configDir },
    permissionMode: options.mode ?? 'default',
    allowedTools: options.allowedTools ?? [],
    isInteractive: options.interactive ?? options.userInteraction !== undefined,
    isTrusted: true,
    baseTools: options.tools,
    modelClient: options.modelClient ?? NO_MODEL,
  });
  let calls = 0;
  return {
    session,
    cwd,
    call(tool, input, callOptions = {}) {
      const id = `toolu_misc_${++calls}`;
      const signal = callOptions.signal ?? new AbortController().signal;
      const context: ToolUseContext = {
        ...session.toolUseContext(signal, [], cwd),
        toolUseId: id,
        ...(options.userInteraction ? { userInteraction: options.userInteraction } : {}),
      };
      return runToolUse({ id, name: tool.name, input }, { env: session.baseEnv, context, onProgress: () => undefined });
    },
    async cleanup() {
      await rm(configDir, { recursive: true, force: true });
      await rm(cwd, { recursive: true, force: true });
    },
  };
}

export type InteractiveScenario = {
  readonly server: FakeAnthropicServer;
  readonly session: Session;
  readonly outcome: QueryOutcome;
  cleanup(): Promise<void>;
};

/** Like runScenario, but with a person answering through `userInteraction`. */
export async function runInteractiveScenario(options: {
  readonly script: ScriptedTurn[];
  readonly tools: Tool[];
  readonly mode: PermissionMode;
  readonly userInteraction: UserInteraction;
}): Promise<InteractiveScenario> {
  const server = await startFakeAnthropic({ script: options.script });
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-misc-config-'));
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-misc-cwd-'));
  const session = await createSession({
    cwd,
    env: { AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5' },
    permissionMode: options.mode,
    isInteractive: true,
    isTrusted: true,
    baseTools: options.tools,
    modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
  });
  const signal = new AbortController().signal;
  const run = new ConversationSession({ session, persist: false }).submit('go', {
    signal,
    userInteraction: options.userInteraction,
    env: { askPermission: async () => ({ type: 'allow_once' }) },
  });
  let step = await run.next();
  while (!step.done) step = await run.next();
  return {
    server,
    session,
    outcome: step.value,
    async cleanup() {
      await server.close();
      await rm(configDir, { recursive: true, force: true });
      await rm(cwd, { recursive: true, force: true });
    },
  };
}

/** The text of a tool_result's content. */
export function contentText(outcome: ToolCallOutcome): string {
  const content = outcome.result.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}
