// The real Claude Agent SDK driving the built agentcli (dist/cli.js) against the fake Messages server.
import path from 'node:path';
import { query, type Options, type Query, type SDKMessage, type SDKUserMessage } from '@anthropic-ai/claude-agent-sdk';
import { startFakeAnthropic, type FakeAnthropicServer, type ScriptedTurn, type ScriptFn } from '../support/fakeAnthropic.js';
import { REPO_ROOT, tempDir } from '../support/runCli.js';

export const BUILT_CLI = path.join(REPO_ROOT, 'dist', 'cli.js');

export type SdkRig = {
  readonly server: FakeAnthropicServer;
  readonly cwd: string;
  readonly configDir: string;
  readonly stderr: string[];
  /** query() with the executable, cwd and environment filled in. */
  run(prompt: string | AsyncIterable<SDKUserMessage>, options?: Options): Query;
  close(): Promise<void>;
};

export async function startSdkRig(script: ScriptedTurn[] | ScriptFn, extra: { cwd?: string; configDir?: string } = {}): Promise<SdkRig> {
  const server = await startFakeAnthropic({ script });
  const cwd = extra.cwd ?? (await tempDir('agentcli-sdk-cwd-'));
  const configDir = extra.configDir ?? (await tempDir('agentcli-sdk-config-'));
  const stderr: string[] = [];
  const env: Record<string, string | undefined> = {
    ...process.env,
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'test-key',
    ANTHROPIC_MODEL: undefined,
    AGENTCLI_CONFIG_DIR: configDir,
    AGENTCLI_RETRY_BASE_DELAY_MS: '5',
  };
  return {
    server,
    cwd,
    configDir,
    stderr,
    run: (prompt, options = {}) =>
      query({
        prompt,
        options: {
          pathToClaudeCodeExecutable: BUILT_CLI,
          executable: 'node',
          cwd,
          env,
          stderr: (text) => stderr.push(text),
          ...options,
        },
      }),
    close: () => server.close(),
  };
}

export async function collect(run: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  for await (const message of run) messages.push(message);
  return messages;
}

/** A prompt stream the test feeds by hand: push() a user message, end() closes stdin. */
export function promptStream(): { readonly stream: AsyncIterable<SDKUserMessage>; push(text: string): void; end(): void } {
  const pending: SDKUserMessage[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  return {
    stream: {
      async *[Symbol.asyncIterator]() {
        for (;;) {
          const next = pending.shift();
          if (next) {
            yield next;
            continue;
          }
          if (ended) return;
          await new Promise<void>((resolve) => (wake = resolve));
        }
      },
    },
    push(text) {
      pending.push({ type: 'user', message: { role: 'user', content: text }, parent_tool_use_id: null, session_id: '' });
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
  };
}
