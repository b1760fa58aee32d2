// Runs the real agent loop against the fake Anthropic server through the real SDK,
// with synthetic tools, and records every event with a timestamp.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Tool } from '../../src/contract/tool.js';
import type { PermissionMode } from '../../src/contract/permissions.js';
import type { QueryEvent, QueryOutcome } from '../../src/query.js';
import { ConversationSession } from '../../src/session/conversationSession.js';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import type { PermissionAsker, ToolRunEnv } from '../../src/services/tools/toolExecution.js';
import { createSession } from '../../src/app/createSession.js';
import type { Session } from '../../src/session/session.js';
import { clockNow, startFakeAnthropic, type FakeAnthropicServer, type ScriptFn, type ScriptedTurn } from './fakeAnthropic.js';

export type TimedEvent = { readonly event: QueryEvent; readonly at: number };

export type ScenarioResult = {
  readonly server: FakeAnthropicServer;
  readonly session: Session;
  readonly outcome: QueryOutcome;
  readonly events: readonly TimedEvent[];
  readonly cwd: string;
  readonly configDir: string;
  cleanup(): Promise<void>;
};

export type ScenarioOptions = {
  readonly script: ScriptedTurn[] | ScriptFn;
  readonly tools: Tool[];
  readonly mode?: PermissionMode;
  readonly cwd?: string;
  readonly maxTurns?: number;
  readonly prompt?: string;
  readonly signal?: AbortSignal;
  readonly askPermission?: PermissionAsker;
  /** With askPermission: what "Yes, and don't ask again" does (the REPL saves and applies the rules). */
  readonly onAllowAlways?: ToolRunEnv['onAllowAlways'];
  readonly env?: Record<string, string>;
  /** The OS sandbox for Bash: off unless a test asks (true: on; undefined: settings and mode decide). */
  readonly sandbox?: boolean | 'default';
  readonly onEvent?: (event: QueryEvent) => void;
  /** Adds the Agent tool (with these --agents JSON definitions, if any). */
  readonly agents?: { readonly cliJson?: string };
  readonly disallowedTools?: readonly string[];
  /** Persist transcripts (default false); the config dir is then where they go. */
  readonly persist?: boolean;
  /** Told the session as soon as it exists (a script may need its background tasks mid-run). */
  readonly onSession?: (session: Session) => void;
};

export async function runScenario(options: ScenarioOptions): Promise<ScenarioResult> {
  const server = await startFakeAnthropic({ script: options.script });
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-config-'));
  const cwd = options.cwd ?? (await mkdtemp(path.join(os.tmpdir(), 'agentcli-cwd-')));
  const env = { AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5', ...options.env };
  const session = await createSession({
    cwd,
    env,
    permissionMode: options.mode ?? 'bypassPermissions',
    maxTurns: options.maxTurns,
    isInteractive: options.askPermission !== undefined,
    isTrusted: true,
    ...(options.sandbox === 'default' ? {} : { sandbox: options.sandbox ?? false }),
    baseTools: options.tools,
    modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
    ...(options.agents ? { agents: options.agents } : {}),
    ...(options.disallowedTools ? { disallowedTools: options.disallowedTools } : {}),
  });
  options.onSession?.(session);
  const signal = options.signal ?? new AbortController().signal;
  const events: TimedEvent[] = [];
  const run = new ConversationSession({ session, persist: options.persist ?? false }).submit(options.prompt ?? 'go', {
    signal,
    env: options.askPermission ? { askPermission: options.askPermission, ...(options.onAllowAlways ? { onAllowAlways: options.onAllowAlways } : {}) } : {},
  });
  let step = await run.next();
  while (!step.done) {
    events.push({ event: step.value, at: clockNow() });
    options.onEvent?.(step.value);
    step = await run.next();
  }
  return {
    server,
    session,
    outcome: step.value,
    events,
    cwd,
    configDir,
    async cleanup() {
      await server.close();
      await rm(configDir, { recursive: true, force: true });
      if (!options.cwd) await rm(cwd, { recursive: true, force: true });
    },
  };
}

export function toolResultEvents(events: readonly TimedEvent[]) {
  return events.flatMap(({ event, at }) => (event.type === 'tool_result' ? [{ outcome: event.outcome, at }] : []));
}

export function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((block: { text?: string }) => block.text ?? '').join('');
  return '';
}
