// The exact command line the Claude Agent SDK builds (captured from the real SDK), run headless against the fake server:
// every option flag is accepted in the SDK's spelling and has its effect on the request.
import { writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { query } from '@anthropic-ai/claude-agent-sdk';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { runCli, tempDir } from '../support/runCli.js';

let server: FakeAnthropicServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** What the SDK spawns for these options: its argv, captured by an executable that only writes it down. */
async function sdkArgv(options: Parameters<typeof query>[0]['options']): Promise<string[]> {
  const dir = await tempDir('agentcli-sdk-argv-');
  const out = path.join(dir, 'argv.json');
  const dump = path.join(dir, 'dump.mjs');
  await writeFile(dump, `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(out)}, JSON.stringify(process.argv.slice(2)));\n`);
  const run = query({ prompt: 'hi', options: { ...options, pathToClaudeCodeExecutable: dump, stderr: () => undefined } });
  try {
    for await (const _message of run) {
      // The stand-in exits at once; nothing comes.
    }
  } catch {
    // The SDK reports the early exit; the argv is already written.
  }
  return JSON.parse(await readFile(out, 'utf8'));
}

// The control-protocol flags are the SDK session's (src/entrypoints/sdk/); here the same flags run under -p.
function withoutProtocolFlags(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < args.length; index++) {
    if (args[index] === '--input-format') index++;
    else if (args[index] !== '--permission-prompt-tool=stdio') kept.push(args[index]!);
  }
  return kept;
}

describe('the Agent SDK command line', () => {
  let argv: string[];
  let cwd: string;
  const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] };

  beforeAll(async () => {
    cwd = await tempDir('agentcli-cwd-');
    argv = await sdkArgv({
      includePartialMessages: true,
      maxBudgetUsd: 5,
      maxTurns: 3,
      model: 'claude-sonnet-5',
      fallbackModel: 'claude-haiku-4-5',
      outputFormat: { type: 'json_schema', schema },
      tools: ['Read', 'Bash'],
      allowedTools: ['Read', 'Bash(git log:*)'],
      disallowedTools: ['Write', 'Edit'],
      settingSources: ['user', 'project'],
      settings: { permissions: { deny: ['Bash(rm:*)'] } },
      additionalDirectories: [path.join(cwd, 'a'), path.join(cwd, 'b')],
      mcpServers: {},
      strictMcpConfig: true,
      permissionMode: 'acceptEdits',
      allowDangerouslySkipPermissions: true,
      maxThinkingTokens: 2000,
      effort: 'max',
    });
  }, 30_000);

  it('is accepted and served: model, tools, partial messages, structured output', async () => {
    expect(argv).toEqual(expect.arrayContaining(['--include-partial-messages', '--tools=Read,Bash', '--setting-sources=user,project', '--add-dir=' + path.join(cwd, 'b')]));
    server = await startFakeAnthropic({ script: [turn(toolUse('StructuredOutput', { answer: 'yes' }))] });
    const configDir = await tempDir('agentcli-config-');
    const run = await runCli(['-p', 'hi', ...withoutProtocolFlags(argv)], {
      cwd,
      env: { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const request = server.requests[0]!.body;
    expect(request.thinking).toEqual({ type: 'adaptive' });
    expect(request.output_config).toEqual({ effort: 'high' });
    expect(JSON.stringify(request.system)).toContain(`Additional working directories: ${path.join(cwd, 'a')}, ${path.join(cwd, 'b')}`);
    expect(request.model).toBe('claude-sonnet-5');
    expect(request.tools.map((tool: { name: string }) => tool.name)).toEqual(['Bash', 'Read', 'StructuredOutput']);
    const lines = run.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(lines[0]).toMatchObject({ type: 'system', subtype: 'init', permissionMode: 'acceptEdits' });
    expect(lines.some((line) => line.type === 'stream_event')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ type: 'result', subtype: 'success', structured_output: { answer: 'yes' } });
  });
});

describe('the Agent SDK command line for sessions', () => {
  it('--resume=<id> with --fork-session, and --continue, in the SDK spelling, carry the saved conversation', async () => {
    const cwd = await tempDir('agentcli-cwd-');
    const configDir = await tempDir('agentcli-config-');
    server = await startFakeAnthropic({ script: [endTurn('first answer'), endTurn('resumed'), endTurn('continued')] });
    const env = { ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'test-key', AGENTCLI_CONFIG_DIR: configDir };
    const first = await runCli(['-p', 'remember 7', '--output-format', 'json'], { cwd, env });
    const sessionId: string = JSON.parse(first.stdout).session_id;

    const resumeArgv = withoutProtocolFlags(await sdkArgv({ resume: sessionId, forkSession: true }));
    expect(resumeArgv).toEqual(expect.arrayContaining([`--resume=${sessionId}`, '--fork-session']));
    const resumed = await runCli(['-p', 'what number?', ...resumeArgv], { cwd, env });
    expect(resumed.code).toBe(0);
    const forkedResult = JSON.parse(resumed.stdout.trimEnd().split('\n').at(-1)!);
    expect(forkedResult.session_id).not.toBe(sessionId);
    expect(JSON.stringify(server.requests[1]!.body.messages)).toContain('remember 7');

    const continueArgv = withoutProtocolFlags(await sdkArgv({ continue: true }));
    expect(continueArgv).toContain('--continue');
    const continued = await runCli(['-p', 'and now?', ...continueArgv], { cwd, env });
    expect(continued.code).toBe(0);
    expect(JSON.stringify(server.requests[2]!.body.messages)).toContain('what number?');
  }, 30_000);
});
