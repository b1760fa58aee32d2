// Shared helpers for the MCP tests: real servers (the npm reference servers and
// the fixtures next to this file), a manager over an inline config, and a
// ToolUseContext for running the real pipeline on one call.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Tool, Tools, ToolUseContext } from '../../src/contract/tool.js';
import { emptyRuleSet } from '../../src/permissions/canUseTool.js';
import { loadMcpConfig } from '../../src/services/mcp/loadMcpConfig.js';
import { McpManager } from '../../src/services/mcp/McpManager.js';
import { mcpToolKit } from '../../src/tools/MCPTool/mcpToolKit.js';
import type { McpClientHandle } from '../../src/contract/mcp.js';
import { runToolUse, type ToolCallOutcome } from '../../src/services/tools/toolExecution.js';
import { NO_HOOKS } from '../../src/hooks/types.js';
import { createAppStateStore, initialAppState } from '../../src/state/appState.js';
import { createReadFileState } from '../../src/state/readFileState.js';
import type { PermissionMode } from '../../src/contract/permissions.js';
import type { QueryEvent, QueryOutcome } from '../../src/query.js';
import { ConversationSession } from '../../src/session/conversationSession.js';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import { createSession } from '../../src/app/createSession.js';
import type { Session } from '../../src/session/session.js';
import { ToolSearchTool } from '../../src/tools/ToolSearchTool/ToolSearchTool.js';
import { startFakeAnthropic, type FakeAnthropicServer, type RecordedRequest, type ScriptFn, type ScriptedTurn } from '../support/fakeAnthropic.js';
import { BackgroundTaskRegistry } from '../../src/tasks/backgroundTasks.js';
export { isRunning as isAlive } from '../support/processState.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(here, '..', '..');
export const FIXTURES = path.join(here, 'fixtures');
export const TEST_SERVER = path.join(FIXTURES, 'testServer.mjs');
export const MANY_TOOLS_SERVER = path.join(FIXTURES, 'manyToolsServer.mjs');
export const EVERYTHING = path.join(REPO, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
export const FILESYSTEM = path.join(REPO, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

export type RawServers = Record<string, Record<string, unknown>>;

export function nodeServer(script: string, args: string[] = [], env: Record<string, string> = {}): Record<string, unknown> {
  return { command: process.execPath, args: [script, ...args], env };
}

/** A manager over an inline --mcp-config, started the way the CLI starts it. */
export async function startManager(servers: RawServers, env: NodeJS.ProcessEnv = {}, cwd = os.tmpdir()): Promise<McpManager> {
  const config = await loadMcpConfig({
    cwd,
    configDir: cwd,
    cliConfigs: [JSON.stringify({ mcpServers: servers })],
    strict: true,
    isTrusted: true,
    env: { ...process.env, ...env },
  });
  return McpManager.start(config, { cwd, env: { ...process.env, ...env }, toolKit: mcpToolKit });
}

export function toolNamed(tools: Tools, name: string): Tool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}; have ${tools.map((candidate) => candidate.name).join(', ')}`);
  return tool;
}

/** A context like a session's, for running one call through the real pipeline. */
export function contextFor(tools: Tools, mcpClients: readonly McpClientHandle[], signal = new AbortController().signal): ToolUseContext {
  const dir = path.join(os.tmpdir(), 'agentcli-mcp-session');
  return {
    abortSignal: signal,
    toolUseId: 'toolu_test',
    cwd: dir,
    projectRoot: dir,
    session: { id: 'test', dir, configDir: dir },
    readFileState: createReadFileState(),
    tools,
    messages: [],
    model: 'test-model',
    isInteractive: false,
    appState: createAppStateStore(
      initialAppState({ mode: 'bypassPermissions', workingDirectories: [dir], isBypassAvailable: true, rules: emptyRuleSet() }),
    ),
    mcpClients,
    backgroundTasks: new BackgroundTaskRegistry(),
  };
}

export async function callThroughPipeline(
  context: ToolUseContext,
  name: string,
  input: unknown,
  onProgress: (progress: unknown) => void = () => undefined,
): Promise<ToolCallOutcome> {
  return runToolUse(
    { id: `toolu_${Math.random().toString(36).slice(2)}`, name, input },
    {
      env: { canUseTool: async () => ({ behavior: 'allow', reason: { type: 'other', detail: 'test' } }), hooks: NO_HOOKS },
      context,
      onProgress,
    },
  );
}

export function textOf(outcome: ToolCallOutcome): string {
  const content = outcome.result.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type HttpServer = { readonly url: string; readonly child: ChildProcess; stop(): Promise<void> };

/** server-everything over Streamable HTTP (`/mcp`) or SSE (`/sse`) on a free port. */
export async function startEverythingOverHttp(transport: 'streamableHttp' | 'sse'): Promise<HttpServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [EVERYTHING, transport], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (/listening on port|running on port/i.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server-everything ${transport} exited (${code}): ${output}`)));
    setTimeout(() => reject(new Error(`server-everything ${transport} did not start: ${output}`)), 15_000).unref();
  });
  return {
    url: `http://127.0.0.1:${port}/${transport === 'sse' ? 'sse' : 'mcp'}`,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}


export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export type McpScenario = {
  readonly server: FakeAnthropicServer;
  readonly session: Session;
  readonly outcome: QueryOutcome;
  readonly events: readonly QueryEvent[];
  cleanup(): Promise<void>;
};

/**
 * The real loop against the fake Anthropic server with MCP servers in the
 * session, wired as the headless front end wires it (selectRequestTools and
 * the schema hint included).
 */
export async function runMcpScenario(options: {
  readonly script: ScriptedTurn[] | ScriptFn;
  readonly mcp: McpManager;
  readonly env?: Record<string, string>;
  readonly disallowedTools?: readonly string[];
  readonly mode?: PermissionMode;
  readonly prompt?: string;
  /** Built-ins in the pool; default just ToolSearch, so the MCP part is measured alone. */
  readonly baseTools?: Tools;
}): Promise<McpScenario> {
  const server = await startFakeAnthropic({ script: options.script });
  const configDir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-config-'));
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-cwd-'));
  const session = await createSession({
    cwd,
    env: { AGENTCLI_CONFIG_DIR: configDir, AGENTCLI_RETRY_BASE_DELAY_MS: '5', ...options.env },
    permissionMode: options.mode ?? 'bypassPermissions',
    disallowedTools: options.disallowedTools,
    isInteractive: false,
    isTrusted: true,
    mcp: options.mcp,
    baseTools: options.baseTools ?? [ToolSearchTool],
    modelClient: createAnthropicModelClient({ apiKey: 'test-key', baseURL: server.url }),
  });
  const signal = new AbortController().signal;
  const run = new ConversationSession({ session, persist: false }).submit(options.prompt ?? 'go', { signal });
  const events: QueryEvent[] = [];
  let step = await run.next();
  while (!step.done) {
    events.push(step.value);
    step = await run.next();
  }
  return {
    server,
    session,
    outcome: step.value,
    events,
    async cleanup() {
      await server.close();
      await rm(configDir, { recursive: true, force: true });
      await rm(cwd, { recursive: true, force: true });
    },
  };
}

/** The `tools` array of a recorded request, as sent. */
export function requestTools(request: RecordedRequest): { name: string; description: string; input_schema: unknown }[] {
  return request.body.tools ?? [];
}

export function requestToolBytes(request: RecordedRequest): number {
  return Buffer.byteLength(JSON.stringify(request.body.tools ?? []));
}
