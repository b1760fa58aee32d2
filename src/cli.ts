/**
 * The command line (ARCHITECTURE §1): flags become session options, then
 * either the headless runner (-p) or the interactive REPL takes over.
 *
 * Everything heavy is imported on the path that needs it, so `--version`
 * and `--help` stay instant and headless runs never load Ink.
 */
// First: V8's settings must be in force before the process allocates much or compiles any wasm.
import './utils/process/v8Settings.js';
import { parseEffort, type Effort } from './services/api/thinking.js';
import { Command, InvalidArgumentError, Option } from 'commander';
import { registerPermissionsCommand } from './entrypoints/permissions/registerPermissionsCommand.js';
import { registerMcpCommand } from './entrypoints/mcp/registerMcpCommand.js';
import { isPermissionMode, PERMISSION_MODES, type PermissionMode } from './contract/permissions.js';
import type { SessionChoiceFlags } from './app/startConversation.js';
import type { PluginDir } from './plugins/sessionPlugins.js';
import { runCleanups } from './utils/cleanup.js';
import { errorMessageOf, UserFacingError } from './utils/errors.js';
import { VERSION } from './version.js';
import { parseJsonSchemaArgument, type JsonSchemaObject } from './structuredOutput/jsonSchemaArgument.js';
import { parseToolsetChoice, type ToolsetChoice } from './tools/toolsetChoice.js';
import { parseSettingSources, type SettingSource } from './settings/settingSources.js';

export type CliOptions = {
  print?: boolean;
  outputFormat: 'text' | 'json' | 'stream-json';
  inputFormat: 'text' | 'stream-json';
  permissionMode?: PermissionMode;
  dangerouslySkipPermissions?: boolean;
  allowDangerouslySkipPermissions?: boolean;
  includeHookEvents?: boolean;
  allowedTools?: string[];
  disallowedTools?: string[];
  model?: string;
  fallbackModel?: string;
  maxTurns?: number;
  maxThinkingTokens?: number;
  thinking?: 'adaptive' | 'enabled' | 'disabled';
  effort?: Effort;
  addDir?: string[];
  pluginDir?: string[];
  pluginDirNoMcp?: string[];
  init?: boolean;
  initOnly?: boolean;
  maintenance?: boolean;
  appendSystemPrompt?: string;
  systemPrompt?: string;
  agents?: string;
  includePartialMessages?: boolean;
  jsonSchema?: JsonSchemaObject;
  maxBudgetUsd?: number;
  tools?: ToolsetChoice;
  settingSources?: SettingSource[];
  settings?: string;
  verbose?: boolean;
  mcpConfig: string[];
  strictMcpConfig?: boolean;
  continue?: boolean;
  resume?: string | true;
  sessionId?: string;
  forkSession?: boolean;
  /** commander's negation: false with --no-session-persistence. */
  sessionPersistence: boolean;
  sandbox?: boolean;
  permissionPromptTool?: string;
  awaitInitialize?: boolean;
  replayUserMessages?: boolean;
  rewindTo?: string;
  acp?: boolean;
};

function positiveInteger(value: string): number {
  const parsed = Number.parseInt(value, 10);
  if (!Number.isInteger(parsed) || parsed < 1 || String(parsed) !== value.trim()) {
    throw new InvalidArgumentError('expected a whole number of at least 1.');
  }
  return parsed;
}

function nonNegativeInteger(value: string): number {
  const parsed = Number.parseInt(value, 10);
  if (!Number.isInteger(parsed) || parsed < 0 || String(parsed) !== value.trim()) {
    throw new InvalidArgumentError('expected a whole number (0 turns thinking off).');
  }
  return parsed;
}

function effortLevel(value: string): Effort {
  try {
    return parseEffort(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

function positiveAmount(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0) throw new InvalidArgumentError('expected an amount in US dollars greater than 0, e.g. 0.50.');
  return parsed;
}

function jsonSchemaArgument(value: string): JsonSchemaObject {
  try {
    return parseJsonSchemaArgument(value);
  } catch (error) {
    throw new InvalidArgumentError(errorMessageOf(error));
  }
}

function settingSourcesArgument(value: string): SettingSource[] {
  try {
    return parseSettingSources(value);
  } catch (error) {
    throw new InvalidArgumentError(errorMessageOf(error));
  }
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function permissionMode(value: string): PermissionMode {
  if (!isPermissionMode(value)) throw new InvalidArgumentError(`expected one of ${PERMISSION_MODES.join(', ')}.`);
  return value;
}

export function buildProgram(): Command {
  const program = new Command()
    .name('agentcli')
    .description('A terminal coding agent: a Claude model reads, searches, edits and runs code through permission-checked tools.')
    .version(VERSION, '-v, --version')
    .argument('[prompt]', 'the prompt to send (in the REPL: sent as the first message)')
    .option('-p, --print', 'run headless: answer the prompt, print the result, exit')
    .addOption(
      new Option('--output-format <format>', 'headless output').choices(['text', 'json', 'stream-json']).default('text'),
    )
    .addOption(
      new Option('--input-format <format>', 'headless input (stream-json: one user message per stdin line)')
        .choices(['text', 'stream-json'])
        .default('text'),
    )
    .option('--permission-mode <mode>', `permission mode: ${PERMISSION_MODES.join(' | ')}`, permissionMode)
    .option('--dangerously-skip-permissions', 'same as --permission-mode bypassPermissions (deny rules still hold)')
    .option('--allow-dangerously-skip-permissions', 'start in the given mode, but let the session switch to bypassPermissions later (Agent SDK)')
    .option('--allowedTools <rules...>', 'allow rules, e.g. "Bash(git log:*),Read"')
    .option('--disallowedTools <rules...>', 'deny rules, e.g. "Bash(rm:*)" WebFetch')
    .option('--model <model>', 'model to use (default: $ANTHROPIC_MODEL or the built-in default)')
    .option('--fallback-model <model>', 'continue on this model when the main one stays overloaded')
    .option('--max-turns <n>', 'stop after this many model turns', positiveInteger)
    .option('--max-thinking-tokens <n>', 'extended thinking budget per response (0: off); adaptive models get an effort level instead', nonNegativeInteger)
    .addOption(
      new Option('--thinking <mode>', 'extended thinking for every prompt: adaptive | enabled (on, the model or budget decides how much) | disabled').choices([
        'adaptive',
        'enabled',
        'disabled',
      ]),
    )
    .option('--effort <level>', 'how hard adaptive-thinking models think: low | medium | high', effortLevel)
    .option('--add-dir <dirs...>', 'extra working directories the tools may use')
    .option('--system-prompt <text>', 'replace the built-in system prompt (CLAUDE.md files and the environment facts are still added)')
    .option('--append-system-prompt <text>', 'text added to the end of the system prompt')
    .option('--tools <list>', 'the built-in tools on offer: "default" (all), "" (none) or names, e.g. "Read,Grep,Bash"', parseToolsetChoice)
    .option('--setting-sources <list>', 'which settings files are read: user, project, local (comma-separated; "" for none)', settingSourcesArgument)
    .option('--settings <file-or-json>', 'one more settings layer, from a JSON file or inline JSON, above the settings files')
    .option('--json-schema <schema>', 'structured output: the final answer must be JSON matching this JSON Schema (result: structured_output)', jsonSchemaArgument)
    .option('--max-budget-usd <amount>', 'stop the run once its cost reaches this many US dollars', positiveAmount)
    .option('--include-partial-messages', 'with --output-format stream-json: also print the raw API stream events (stream_event lines)')
    .option('--agents <json>', 'subagents as JSON: \'{"reviewer": {"description": "...", "prompt": "...", "tools": ["Read"], "model": "sonnet"}}\'')
    .option('--mcp-config <file-or-json>', 'MCP servers from a JSON file or inline JSON (repeatable)', collect, [])
    .option('--plugin-dir <dir>', 'load the plugin in this folder for this session (repeatable; in a trusted folder)', collect, [])
    .option('--plugin-dir-no-mcp <dir>', 'as --plugin-dir, without starting the MCP servers the plugin declares (the Agent SDK\'s skipMcpDiscovery)', collect, [])
    .option('--init', 'run the Setup hooks (trigger "init") before the session starts')
    .option('--init-only', 'run the Setup hooks (trigger "init") and exit')
    .option('--maintenance', 'run the Setup hooks (trigger "maintenance") before the session starts')
    .option('--strict-mcp-config', 'use only the --mcp-config servers, ignoring .mcp.json and settings.json')
    .option('-c, --continue', 'continue the latest session of this directory')
    .option('-r, --resume [id]', 'resume a saved session (in the REPL without an id: pick one)')
    .option('--session-id <uuid>', 'start the new session under this id')
    .option('--fork-session', 'with --continue/--resume: continue under a new id, leaving the saved session as it was')
    .option('--no-session-persistence', 'do not save this session (no transcript; it cannot be resumed)')
    .option('--sandbox', 'run Bash commands in the OS sandbox (bubblewrap): read-only system and home, no network, protected paths read-only')
    .option('--permission-prompt-tool <tool>', 'headless: who answers permission questions — "stdio" (the Agent SDK client, over the control protocol) or an MCP tool (mcp__server__tool)')
    .option('--include-hook-events', 'with --input-format stream-json: hook_started / hook_response lines for every hook run')
    .option(
      '--await-initialize',
      "with --input-format stream-json: the client's initialize request comes before any prompt, and may carry MCP servers and plugins (the Agent SDK's mcpServersDelivery / pluginDelivery: 'initialize')",
    )
    .option('--replay-user-messages', 'with --input-format stream-json: echo each user message back with its uuid (to rewind files to it)')
    .option('--rewind-to <message-uuid>', 'with --resume <id>: put the files back as they were when that message was sent, then exit')
    .option('--acp', 'run as an Agent Client Protocol agent on stdin/stdout (for editors such as Zed)')
    .option('--verbose', 'show more detail');
  registerPermissionsCommand(program, async () => (await import('./tools.js')).getAllBaseTools());
  registerMcpCommand(program);
  program.action(async (prompt: string | undefined, options: CliOptions) => {
    process.exitCode = await runMain(prompt, options);
  });
  return program;
}

/** The session settings both front ends take from the flags. */
function sessionFlags(options: CliOptions) {
  return {
    cwd: process.cwd(),
    model: options.model,
    fallbackModel: options.fallbackModel,
    permissionMode: options.dangerouslySkipPermissions ? ('bypassPermissions' as const) : options.permissionMode,
    allowBypassPermissions: options.allowDangerouslySkipPermissions,
    allowedTools: options.allowedTools,
    disallowedTools: options.disallowedTools,
    additionalDirectories: options.addDir,
    appendSystemPrompt: options.appendSystemPrompt,
    systemPrompt: options.systemPrompt,
    jsonSchema: options.jsonSchema,
    toolset: options.tools,
    settingSources: options.settingSources,
    flagSettings: options.settings,
    maxTurns: options.maxTurns,
    maxBudgetUsd: options.maxBudgetUsd,
    thinking: thinkingFlags(options),
    sandbox: options.sandbox,
    ...(options.agents !== undefined ? { agents: { cliJson: options.agents } } : {}),
    ...(pluginDirsOf(options).length > 0 ? { pluginDirs: pluginDirsOf(options) } : {}),
    ...(options.init || options.initOnly ? { setup: 'init' as const } : options.maintenance ? { setup: 'maintenance' as const } : {}),
  };
}

/** --plugin-dir and --plugin-dir-no-mcp folders. */
function pluginDirsOf(options: CliOptions): PluginDir[] {
  return [...(options.pluginDir ?? []), ...(options.pluginDirNoMcp ?? []).map((dir) => ({ dir, skipMcp: true }))];
}

/**
 * --thinking (the Agent SDK's thinkingConfig): `disabled` is
 * --max-thinking-tokens 0; `adaptive`/`enabled` turn thinking on for every
 * prompt, as the alwaysThinkingEnabled setting does. --max-thinking-tokens
 * still sets the budget.
 */
function thinkingFlags(options: CliOptions) {
  if (options.thinking === 'disabled') return { maxThinkingTokens: 0, effort: options.effort };
  return {
    maxThinkingTokens: options.maxThinkingTokens,
    effort: options.effort,
    ...(options.thinking !== undefined ? { alwaysThinking: true } : {}),
  };
}

/** Which conversation the session flags ask for; `pick` (REPL only): --resume without an id. */
function sessionChoice(options: CliOptions): SessionChoiceFlags {
  const fork = options.forkSession ?? false;
  const sessionId = options.sessionId;
  if (options.continue && options.resume !== undefined) throw new UserFacingError('use either --continue or --resume, not both.');
  if (fork && !options.continue && options.resume === undefined) throw new UserFacingError('--fork-session needs --continue or --resume.');
  if (options.continue) return { kind: 'continue', fork, ...(sessionId ? { sessionId } : {}) };
  if (options.resume === true) return { kind: 'pick', fork };
  if (typeof options.resume === 'string') return { kind: 'resume', id: options.resume, fork, ...(sessionId ? { sessionId } : {}) };
  return { kind: 'new', ...(sessionId ? { sessionId } : {}) };
}

/** Combinations that cannot mean anything, refused as one line before any work starts. */
function checkFlagCombinations(options: CliOptions): void {
  if (options.includePartialMessages && options.outputFormat !== 'stream-json') {
    throw new UserFacingError('--include-partial-messages needs --output-format stream-json.');
  }
  // The REPL has nowhere to put an answer that is data (the SDK's stream-json input is headless).
  if (options.jsonSchema && !options.print && options.inputFormat !== 'stream-json') {
    throw new UserFacingError('--json-schema needs -p (or --input-format stream-json): the answer is printed as data.');
  }
}

async function runMain(prompt: string | undefined, options: CliOptions): Promise<number> {
  if (options.acp) return runAcp(prompt, options);
  if (options.initOnly) {
    const { runSetupOnly } = await import('./entrypoints/setupOnly.js');
    return runSetupOnly({ cwd: process.cwd(), settingSources: options.settingSources, flagSettings: options.settings, pluginDirs: pluginDirsOf(options) });
  }
  if (options.rewindTo !== undefined) return rewindTo(prompt, options);
  checkFlagCombinations(options);
  const choice = sessionChoice(options);
  // The Agent SDK never passes -p: stream-json both ways is headless on its own.
  // The control protocol always takes a leading initialize as the session's shape (runSdkSession), so the flag only asserts that one comes.
  if (options.awaitInitialize && options.inputFormat !== 'stream-json') throw new UserFacingError('--await-initialize needs --input-format stream-json.');
  const controlProtocol = options.inputFormat === 'stream-json' && options.outputFormat === 'stream-json';
  if (!options.print && !controlProtocol) {
    if (options.inputFormat === 'stream-json') throw new UserFacingError('--input-format stream-json needs --output-format stream-json (or -p).');
    if (options.permissionPromptTool !== undefined) throw new UserFacingError('--permission-prompt-tool applies to headless runs (-p, or --input-format stream-json --output-format stream-json).');
    // Ink and React load only on this path; headless runs never pay for them.
    const { startRepl } = await import('./ui/startRepl.js');
    return startRepl({
      session: sessionFlags(options),
      choice,
      persist: options.sessionPersistence,
      initialPrompt: prompt,
      verbose: options.verbose,
      mcp: { cliConfigs: options.mcpConfig, strict: options.strictMcpConfig },
    });
  }
  if (choice.kind === 'pick') {
    throw new UserFacingError('--resume needs a session id with -p (or use --continue for the latest session of this directory).');
  }
  const { runHeadlessMain } = await import('./entrypoints/headlessMain.js');
  return runHeadlessMain({
    prompt,
    session: sessionFlags(options),
    choice,
    persist: options.sessionPersistence,
    mcp: { cliConfigs: options.mcpConfig, strict: options.strictMcpConfig },
    inputFormat: options.inputFormat,
    outputFormat: options.outputFormat,
    verbose: options.verbose,
    permissionPromptTool: options.permissionPromptTool,
    includePartialMessages: options.includePartialMessages,
    includeHookEvents: options.includeHookEvents,
    replayUserMessages: options.replayUserMessages,
  });
}

/** --resume <id> --rewind-to <uuid>: files only, then exit. */
async function rewindTo(prompt: string | undefined, options: CliOptions): Promise<number> {
  if (typeof options.resume !== 'string') throw new UserFacingError('--rewind-to needs --resume <session-id>.');
  if (prompt !== undefined) throw new UserFacingError('--rewind-to takes no prompt: it restores files and exits.');
  const { runRewindTo } = await import('./entrypoints/rewindToCommand.js');
  return runRewindTo({ sessionId: options.resume, messageUuid: options.rewindTo!, cwd: process.cwd(), env: process.env, write: (text) => process.stdout.write(text) });
}

/** --acp: the editor chooses sessions (new or load), prompts and modes; the flags set what every session starts with. */
async function runAcp(prompt: string | undefined, options: CliOptions): Promise<number> {
  if (prompt !== undefined) throw new UserFacingError('--acp takes no prompt: the editor sends the prompts.');
  if (options.print) throw new UserFacingError('--acp and -p are different front ends; use one.');
  if (options.continue || options.resume !== undefined || options.sessionId !== undefined || options.forkSession) {
    throw new UserFacingError('--acp chooses sessions through the protocol (session/new, session/load); drop --continue, --resume, --session-id and --fork-session.');
  }
  // No Ink on this path: stdout is the protocol's.
  const { runAcpAgent } = await import('./entrypoints/acp/runAcpAgent.js');
  const { cwd: _cwd, ...session } = sessionFlags(options);
  return runAcpAgent({
    session,
    persist: options.sessionPersistence,
    mcp: { cliConfigs: options.mcpConfig, strict: options.strictMcpConfig },
    env: process.env,
  });
}

export async function main(argv: readonly string[] = process.argv): Promise<void> {
  try {
    await buildProgram().parseAsync([...argv]);
  } catch (error) {
    const message = error instanceof UserFacingError ? error.message : errorMessageOf(error);
    process.stderr.write(`agentcli: ${message}\n`);
    if (process.env.AGENTCLI_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exitCode = error instanceof UserFacingError ? error.exitCode : 1;
  } finally {
    await runCleanups();
  }
  await flushAndExit();
}

/** Exit once stdout has drained: lingering handles (keep-alive sockets) must not keep a finished run alive. */
async function flushAndExit(): Promise<void> {
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit(process.exitCode ?? 0);
}

await main();
