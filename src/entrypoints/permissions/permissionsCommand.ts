/**
 * The `permissions` subcommands: the same rule loading and decision a
 * session uses, printed for a human. Headless semantics: the folder counts
 * as trusted (repository allow rules apply), as in `agentcli -p`.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configDir as resolveConfigDir } from '../../settings/configPaths.js';
import { UserFacingError } from '../../utils/errors.js';
import { decidePermission } from '../../permissions/engine/decidePermission.js';
import { describeExplanation, type ToolCallSubject } from '../../permissions/engine/decisionTypes.js';
import { createPathResolver } from '../../permissions/engine/resolvePaths.js';
import { findRepositoryRoot, loadPermissionRules } from '../../permissions/loadPermissionRules.js';
import { loadMemorySources } from '../../context/memoryFiles.js';
import { listRules } from '../../permissions/ruleListing.js';
import { compileRuleSet, describeRuleFileErrors, type PermissionRuleSet } from '../../permissions/rules/ruleSet.js';
import { ruleNameCovers } from '../../permissions/rules/toolFamilies.js';
import { analyzeShellCommand } from '../../permissions/shell/analyzeShellCommand.js';
import type { PermissionMode } from '../../contract/permissions.js';
import type { CheckableTool, PermissionsCommandOptions } from './registerPermissionsCommand.js';
import type { McpCallExplanation } from './checkMcpCall.js';
import { rulesBeyondSandbox } from '../../sandbox/sandboxRules.js';
import { mergeSandboxSettings } from '../../sandbox/sandboxSettings.js';
import { createSessionSandbox, isSandboxWanted, sandboxEnforcesRules, sandboxForCall, type SessionSandbox } from '../../sandbox/sessionSandbox.js';

type Loaded = { ruleSet: PermissionRuleSet; mode: PermissionMode; workingDirectories: string[]; cwd: string; configDir: string; files: readonly string[]; sandbox: SessionSandbox };

async function load(options: PermissionsCommandOptions): Promise<Loaded> {
  const cwd = process.cwd();
  const configDir = resolveConfigDir(process.env);
  const loaded = await loadPermissionRules({
    cwd,
    configDir,
    memoryFiles: loadMemorySources({ cwd, projectRoot: findRepositoryRoot(cwd), configDir }),
    allowedTools: options.allowedTools ?? [],
    disallowedTools: options.disallowedTools ?? [],
  });
  if (loaded.errors.length > 0) throw new UserFacingError(describeRuleFileErrors(loaded.errors));
  const ruleSet = compileRuleSet(loaded.rules, { projectRoot: loaded.projectRoot, home: os.homedir(), folderTrusted: true });
  const settingsMode = loaded.defaultMode === 'bypassPermissions' && loaded.defaultModeFromRepository ? undefined : loaded.defaultMode;
  const workingDirectories = [...new Set([cwd, ...(options.addDir ?? []).map((d) => path.resolve(cwd, d)), ...loaded.additionalDirectories.map((entry) => entry.dir)])];
  const mode = options.mode ?? settingsMode ?? 'default';
  const sandbox = await createSessionSandbox({
    settings: mergeSandboxSettings({ sources: loaded.sandbox, override: options.sandbox, trusted: true, projectRoot: loaded.projectRoot, home: os.homedir() }),
    configDir: resolveConfigDir(process.env),
    bypassPossible: mode === 'bypassPermissions',
  });
  return { ruleSet, mode, workingDirectories, cwd, configDir: resolveConfigDir(process.env), files: loaded.files, sandbox };
}

/**
 * `Read(.env)` → a call of the tool named Read, read by its declared family
 * (a path for read and edit tools, a command for execute tools, a URL for
 * network tools); a tool name alone → that tool; anything else → a command
 * for the execute tool.
 */
export async function parseCheckedCall(call: string, cwd: string, home: string, tools: readonly CheckableTool[]): Promise<ToolCallSubject> {
  const match = /^([A-Za-z][A-Za-z0-9_]*)\((.*)\)$/s.exec(call.trim());
  const bare = /^(mcp__[A-Za-z0-9_-]+|[A-Za-z][A-Za-z0-9_]*)$/.exec(call.trim());
  const name = match?.[1] ?? bare?.[1];
  const named = name === undefined ? undefined : tools.find((tool) => ruleNameCovers(name, { ...tool, family: 'other' }));
  const subject = (tool: CheckableTool): Pick<ToolCallSubject, 'toolName' | 'aliases' | 'family'> => ({ toolName: tool.name, ...(tool.aliases ? { aliases: tool.aliases } : {}), family: tool.family });
  const shellCommand = async (tool: CheckableTool, command: string): Promise<ToolCallSubject> => ({
    ...subject(tool),
    isReadOnly: false,
    shell: await analyzeShellCommand(command, { cwd, home }),
  });
  if (!named) {
    const shell = tools.find((tool) => tool.family === 'execute');
    if (!shell) throw new UserFacingError('no tool runs shell commands here');
    return shellCommand(shell, call);
  }
  const inner = match?.[2] ?? '';
  switch (named.family) {
    case 'execute':
      return shellCommand(named, inner);
    case 'read':
    case 'edit':
      return { ...subject(named), isReadOnly: named.family === 'read', paths: [{ path: path.resolve(cwd, inner || '.'), access: named.family === 'read' ? 'read' : 'write' }] };
    case 'network':
      return { ...subject(named), isReadOnly: true, url: /^[a-z]+:\/\//i.test(inner) ? inner : `https://${inner}` };
    case 'other':
      return { ...subject(named), isReadOnly: false };
  }
}

function describeCheckedCall(subject: ToolCallSubject): string {
  const shown = subject.shell?.source ?? subject.paths?.[0]?.path ?? subject.url;
  return shown === undefined ? subject.toolName : subject.shell ? `${subject.toolName}: ${shown}` : `${subject.toolName}(${shown})`;
}

export async function runPermissionsCheck(call: string, options: PermissionsCommandOptions, tools: readonly CheckableTool[]): Promise<number> {
  const loaded = await load(options);
  if (call.trim().startsWith('@')) {
    const { explainMemoryImport } = await import('./checkMemoryImport.js');
    const environment = { ...loaded, projectRoot: loaded.ruleSet.projectRoot, home: loaded.ruleSet.home };
    process.stdout.write(`${(await explainMemoryImport(call.trim(), options.importedBy, environment)).join('\n')}\n`);
    return 0;
  }
  const mcp = await mcpCallOf(call, loaded, options);
  const subject = mcp?.subject ?? (await parseCheckedCall(call, loaded.cwd, loaded.ruleSet.home, tools));
  const verdict = await decidePermission(subject, {
    mode: loaded.mode,
    ruleSet: loaded.ruleSet,
    cwd: loaded.cwd,
    workingDirectories: loaded.workingDirectories,
    home: loaded.ruleSet.home,
    paths: createPathResolver(),
    sandboxed: subject.shell !== undefined && sandboxEnforcesRules(loaded.sandbox, loaded),
  });
  const lines = [
    `${verdict.behavior.toUpperCase()}  ${describeCheckedCall(subject)}`,
    `  ${verdict.message}`,
    `  mode: ${loaded.mode}`,
    ...(subject.shell !== undefined ? [`  sandbox: ${describeSandbox(loaded)}`] : []),
    ...(mcp?.notes ?? []).map((note) => `  ${note}`),
    'trace:',
    ...verdict.trace.map((entry) => `  ${entry.behavior.padEnd(5)}  ${entry.subject}  —  ${describeExplanation(entry.explanation)}`),
  ];
  if (verdict.suggestedRules.length > 0) lines.push(`"don't ask again" would save: ${verdict.suggestedRules.join(', ')}`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** `mcp__server__tool` or `mcp__server__tool({...})`: decided with the tool the server itself lists. */
async function mcpCallOf(call: string, loaded: Loaded, options: PermissionsCommandOptions): Promise<McpCallExplanation | undefined> {
  const match = /^(mcp__[A-Za-z0-9_-]+)(?:\((.*)\))?$/s.exec(call.trim());
  if (!match) return undefined;
  let input: unknown = {};
  try {
    input = match[2] === undefined || match[2].trim() === '' ? {} : JSON.parse(match[2]);
  } catch {
    throw new UserFacingError(`the input of ${match[1]} must be a JSON object, e.g. mcp__server__tool({"path": "a.txt"})`);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new UserFacingError(`the input of ${match[1]} must be a JSON object`);
  const { explainMcpCall } = await import('./checkMcpCall.js');
  return explainMcpCall(match[1]!, input as Record<string, unknown>, {
    cwd: loaded.cwd,
    configDir: loaded.configDir,
    env: process.env,
    cliConfigs: options.mcpConfig ?? [],
    sandboxContext: { ruleSet: loaded.ruleSet, workingDirectories: loaded.workingDirectories, home: loaded.ruleSet.home, sandbox: loaded.sandbox, env: process.env },
  });
}

function describeSandbox(loaded: Loaded): string {
  const decision = sandboxForCall(loaded.sandbox, loaded.mode);
  if (decision.kind === 'refused') return `required but unavailable — ${decision.message}`;
  if (decision.kind === 'off') {
    const availability = loaded.sandbox.availability;
    return availability && !availability.available && isSandboxWanted(loaded.sandbox, loaded.mode) ? `off: ${availability.reason}` : 'off';
  }
  return sandboxEnforcesRules(loaded.sandbox, loaded)
    ? 'on — it enforces every deny and ask rule a command could run into'
    : `on — rules it cannot enforce keep the analysis in force: ${rulesBeyondSandbox(loaded.ruleSet, { network: loaded.sandbox.settings.network, writableAreas: [...loaded.workingDirectories, ...loaded.sandbox.settings.writablePaths], exists: existsSync }).map((rule) => rule.rule.text).join(', ')}`;
}

export async function runPermissionsList(options: PermissionsCommandOptions): Promise<number> {
  const loaded = await load(options);
  const lines = [`mode: ${loaded.mode}`, `working directories: ${loaded.workingDirectories.join(', ')}`, `rule files read: ${loaded.files.length > 0 ? loaded.files.join(', ') : '(none)'}`];
  const rules = listRules(loaded.ruleSet);
  if (rules.length === 0) lines.push('no rules: every decision is the mode default');
  const width = Math.max(0, ...rules.map((r) => r.rule.length));
  for (const rule of rules) {
    const note = rule.fromRepository && rule.behavior === 'allow' ? '  (repository allow rule: applies once the folder is trusted; -p runs trust it)' : '';
    lines.push(`${rule.behavior.padEnd(5)}  ${rule.rule.padEnd(width)}  ${rule.source}${note}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
