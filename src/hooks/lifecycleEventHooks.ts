/**
 * The session's other hook events, one function each, for whoever owns the
 * moment to call (their inputs in hookEvents.ts):
 *
 *   SubagentStart       a child conversation starts; its additionalContext
 *                       goes to the child with the delegated prompt
 *   PostCompact         a compaction finished (its summary in the input)
 *   StopFailure         the turn ended on an API error; output is ignored
 *   InstructionsLoaded  a memory file (CLAUDE.md …) was loaded; output ignored
 *   CwdChanged          the working directory moved (a `cd`); watchPaths
 *                       adds files for FileChanged to watch
 *   Setup               --init / --init-only / --maintenance; its context goes
 *                       to the model with the first prompt
 *   TaskCreated, TaskCompleted   a background task started or ended
 *   Elicitation         an MCP server asks the user something: a hook may
 *                       answer (accept + content, decline, cancel) instead
 *   ElicitationResult   the user answered: a hook may change the answer
 */
import path from 'node:path';
import type { HookEventInput, StopFailureKind } from './hookEvents.js';
import { commonHookInput } from './hookInput.js';
import type { ElicitationAnswer, MergedHookVerdict } from './hookVerdict.js';
import { withEnvFile, type SessionHookCall } from './sessionHooks.js';
import type { HookSet } from './types.js';

type EventOf<Name extends HookEventInput['hook_event_name']> = Omit<Extract<HookEventInput, { hook_event_name: Name }>, 'hook_event_name'>;

async function fire(hooks: HookSet, call: SessionHookCall, event: HookEventInput, target?: string): Promise<MergedHookVerdict | undefined> {
  if (!hooks.has(event.hook_event_name, target)) return undefined;
  return hooks.run({ ...commonHookInput(call), ...event }, call.run);
}

function reminders(event: string, merged: MergedHookVerdict | undefined): string[] {
  if (!merged) return [];
  return [...merged.outputs, ...merged.additionalContext].map((text) => `<system-reminder>${event} hook context: ${text}</system-reminder>`);
}

/** Returns context for the child (as reminders it reads with its prompt). */
export async function runSubagentStartHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'SubagentStart'>): Promise<string[]> {
  return reminders('SubagentStart', await fire(hooks, call, { hook_event_name: 'SubagentStart', ...fields }, fields.agent_type));
}

export async function runPostCompactHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'PostCompact'>): Promise<void> {
  await fire(hooks, call, { hook_event_name: 'PostCompact', ...fields }, fields.trigger);
}

export async function runStopFailureHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'StopFailure'>): Promise<void> {
  await fire(hooks, call, { hook_event_name: 'StopFailure', ...fields }, fields.error);
}

/** Claude Code's StopFailure kinds for agentcli's API failure kinds. */
export function stopFailureKind(kind: string, status: number | undefined): StopFailureKind {
  switch (kind) {
    case 'rate_limit':
      return 'rate_limit';
    case 'auth':
      return status === 402 ? 'billing_error' : 'authentication_failed';
    case 'invalid_request':
    case 'not_found':
      return 'invalid_request';
    case 'server':
    case 'overloaded':
    case 'connection':
    case 'stream_cut':
      return 'server_error';
    default:
      return 'unknown';
  }
}

export async function runInstructionsLoadedHooks(hooks: HookSet, call: SessionHookCall, files: readonly EventOf<'InstructionsLoaded'>[]): Promise<void> {
  for (const file of files) await fire(hooks, call, { hook_event_name: 'InstructionsLoaded', ...file }, file.load_reason);
}

/**
 * The working directory moved: FileChanged's matcher names now mean files
 * there, and CwdChanged hooks may answer with a new watch list. Called on
 * every move while FileChanged or CwdChanged hooks exist.
 */
export async function runCwdChangedHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'CwdChanged'>): Promise<void> {
  hooks.watchList.setCwd(fields.new_cwd);
  const merged = await withEnvFile(hooks, call, 'CwdChanged', (withFile) => fire(hooks, withFile, { hook_event_name: 'CwdChanged', ...fields }));
  if (merged?.watchPaths) hooks.watchList.replaceDynamicPaths(merged.watchPaths);
}

/** A watched file changed on disk; the hooks' answer may replace the watch list. FileChanged cannot block anything. */
export async function runFileChangedHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'FileChanged'>): Promise<void> {
  const merged = await withEnvFile(hooks, call, 'FileChanged', (withFile) => fire(hooks, withFile, { hook_event_name: 'FileChanged', ...fields }, path.basename(fields.file_path)));
  if (merged?.watchPaths) hooks.watchList.replaceDynamicPaths(merged.watchPaths);
}

/**
 * Returns why the change is refused (exit 2 or `decision: "block"`), or
 * undefined when it may take effect. For policy_settings the caller applies
 * the change anyway (configChangeHooks.ts).
 */
export async function runConfigChangeHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'ConfigChange'>): Promise<string | undefined> {
  const merged = await fire(hooks, call, { hook_event_name: 'ConfigChange', ...fields }, fields.source);
  if (!merged?.block) return undefined;
  return merged.block.reason || `blocked by ${merged.block.hook}`;
}

/** Setup runs before any conversation: the session's own id and folder, no transcript yet. */
export function setupHookCall(session: { readonly cwd: string; readonly info: { readonly id: string; readonly dir: string } }, conversationId: string): SessionHookCall {
  return {
    session: { id: conversationId, dir: session.info.dir },
    transcriptPath: '',
    cwd: session.cwd,
    permissionMode: 'default',
    run: { signal: new AbortController().signal, cwd: session.cwd, projectDir: session.cwd },
  };
}

/** Returns context for the model's first prompt. */
export async function runSetupHooks(hooks: HookSet, call: SessionHookCall, trigger: 'init' | 'maintenance'): Promise<string[]> {
  return reminders('Setup', await withEnvFile(hooks, call, 'Setup', (withFile) => fire(hooks, withFile, { hook_event_name: 'Setup', trigger }, trigger)));
}

export async function runTaskCreatedHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'TaskCreated'>): Promise<void> {
  await fire(hooks, call, { hook_event_name: 'TaskCreated', ...fields });
}

export async function runTaskCompletedHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'TaskCompleted'>): Promise<void> {
  await fire(hooks, call, { hook_event_name: 'TaskCompleted', ...fields });
}

/** A hook's answer to the server's question, or undefined: ask the user as usual. */
export async function runElicitationHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'Elicitation'>): Promise<ElicitationAnswer | undefined> {
  const merged = await fire(hooks, call, { hook_event_name: 'Elicitation', ...fields }, fields.mcp_server_name);
  if (merged?.block) return { action: 'decline' };
  return merged?.elicitation;
}

/** The answer that goes back to the server: the user's, unless a hook replaced it (a block declines). */
export async function runElicitationResultHooks(hooks: HookSet, call: SessionHookCall, fields: EventOf<'ElicitationResult'>): Promise<ElicitationAnswer> {
  const given: ElicitationAnswer = { action: fields.action, ...(fields.content ? { content: fields.content } : {}) };
  const merged = await fire(hooks, call, { hook_event_name: 'ElicitationResult', ...fields }, fields.mcp_server_name);
  if (merged?.block) return { action: 'decline' };
  return merged?.elicitation ?? given;
}
