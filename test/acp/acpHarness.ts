// An ACP client (the SDK's ClientApp, as an editor would use it) driving the built
// `agentcli --acp` in a subprocess, against the fake Anthropic server.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import {
  client,
  ndJsonStream,
  type ClientConnection,
  type ClientContext,
  type ReadTextFileRequest,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
  type SessionUpdate,
  type WriteTextFileRequest,
} from '@agentclientprotocol/sdk';
import { CLI_BIN } from '../support/runCli.js';

export type PermissionAnswer = (request: RequestPermissionRequest, signal: AbortSignal) => RequestPermissionResponse | Promise<RequestPermissionResponse>;

export type AcpClientOptions = {
  readonly cwd: string;
  readonly env: Record<string, string>;
  readonly args?: readonly string[];
  /** Answers session/request_permission; default: rejects (and records) every request. */
  readonly permission?: PermissionAnswer;
  /** Offered at initialize when set: the client's buffers (by absolute path). */
  readonly buffers?: Map<string, string>;
};

export type AcpTestClient = {
  readonly agent: ClientContext;
  readonly child: ChildProcessWithoutNullStreams;
  readonly updates: SessionNotification[];
  readonly permissionRequests: RequestPermissionRequest[];
  readonly reads: ReadTextFileRequest[];
  readonly writes: WriteTextFileRequest[];
  stderr(): string;
  /** Updates of one session, in arrival order. */
  updatesOf(sessionId: string): SessionUpdate[];
  /** Resolves once an update matching `predicate` has arrived. */
  waitForUpdate(predicate: (update: SessionUpdate) => boolean, timeoutMs?: number): Promise<SessionUpdate>;
  close(): Promise<void>;
};

export function option(optionId: string): RequestPermissionResponse {
  return { outcome: { outcome: 'selected', optionId } };
}

export async function startAcpClient(options: AcpClientOptions): Promise<AcpTestClient> {
  const env: Record<string, string | undefined> = { ...process.env, ANTHROPIC_API_KEY: undefined, ANTHROPIC_AUTH_TOKEN: undefined, ANTHROPIC_BASE_URL: undefined, ANTHROPIC_MODEL: undefined, ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const child = spawn(process.execPath, [CLI_BIN, '--acp', ...(options.args ?? [])], { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));

  const updates: SessionNotification[] = [];
  const permissionRequests: RequestPermissionRequest[] = [];
  const reads: ReadTextFileRequest[] = [];
  const writes: WriteTextFileRequest[] = [];
  const waiters = new Set<() => void>();
  const app = client({ name: 'agentcli-test-client' })
    .onNotification('session/update', ({ params }) => {
      updates.push(params);
      for (const waiter of waiters) waiter();
    })
    .onRequest('session/request_permission', async ({ params, signal }) => {
      permissionRequests.push(params);
      return options.permission ? options.permission(params, signal) : option('reject_once');
    })
    .onRequest('fs/read_text_file', ({ params }) => {
      reads.push(params);
      const text = options.buffers?.get(params.path);
      if (text === undefined) throw new Error(`no buffer for ${params.path}`);
      return { content: text };
    })
    .onRequest('fs/write_text_file', ({ params }) => {
      writes.push(params);
      options.buffers?.set(params.path, params.content);
      return {};
    });
  const stream = ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
  const connection: ClientConnection = app.connect(stream);
  const agent = connection.agent;
  await agent.request('initialize', {
    protocolVersion: 1,
    clientCapabilities: options.buffers ? { fs: { readTextFile: true, writeTextFile: true } } : {},
    clientInfo: { name: 'agentcli-test-client', version: '0' },
  });

  return {
    agent,
    child,
    updates,
    permissionRequests,
    reads,
    writes,
    stderr: () => stderr,
    updatesOf: (sessionId) => updates.filter((notification) => notification.sessionId === sessionId).map((notification) => notification.update),
    waitForUpdate(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const found = updates.map((notification) => notification.update).find(predicate);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching update within ${timeoutMs} ms; stderr: ${stderr}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      child.stdin.end();
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 5_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      connection.close();
    },
  };
}

/** The text of every agent_message_chunk, joined. */
export function agentText(updates: readonly SessionUpdate[]): string {
  return updates
    .map((update) => (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text' ? update.content.text : ''))
    .join('');
}
