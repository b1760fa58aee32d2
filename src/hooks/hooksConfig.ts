/**
 * The `hooks` key of a settings file, in Claude Code's format:
 *
 *   {"hooks": {"PreToolUse": [{"matcher": "Edit|Write",
 *                              "hooks": [{"type": "command", "command": "npx prettier --write", "timeout": 30}]}]}}
 *
 * `timeout` is in seconds (default 60). A malformed entry is an error naming
 * the file, the line and the key (`hooks.PreToolUse[0].hooks[1].command`) —
 * never skipped, like a malformed permission rule: a dropped hook may be the
 * one that refuses `rm -rf`.
 */
import { jsonErrorOffset } from '../permissions/rules/jsonErrorPosition.js';
import type { RuleFileError } from '../permissions/rules/ruleSet.js';
import { isHookEventName, type HookEventName, HOOK_EVENT_NAMES } from './hookEvents.js';
import { compileHookMatcher, type HookMatcher } from './hookMatcher.js';

export type HookSourceKind = 'userSettings' | 'projectSettings' | 'localSettings' | 'flagSettings' | 'plugin';

/** What a hook does when it runs: one of Claude Code's four hook types. */
export type HookAction =
  /** A shell command: the event's JSON on stdin, its verdict from exit code and stdout. */
  | { readonly type: 'command'; readonly command: string }
  /** POST the event's JSON; the response body is the hook's output. `$VAR` in headers expands only for names in allowedEnvVars. */
  | { readonly type: 'http'; readonly url: string; readonly headers: Readonly<Record<string, string>>; readonly allowedEnvVars: readonly string[] }
  /** The fast model judges the event against `prompt` ($ARGUMENTS: the event's JSON). */
  | { readonly type: 'prompt'; readonly prompt: string; readonly model?: string }
  /** A subagent with read-only tools looks into it and decides. */
  | { readonly type: 'agent'; readonly prompt: string; readonly model?: string };

export type ConfiguredHook = HookAction & {
  readonly event: HookEventName;
  readonly matcher: HookMatcher;
  readonly timeoutMs: number;
  /** The settings file it came from, and its line. */
  readonly file: string;
  readonly line: number;
  readonly sourceKind: HookSourceKind;
  /** Repository content (.claude/settings*.json, a plugin's hooks.json): runs only once the folder is trusted. */
  readonly fromRepository: boolean;
  /** A plugin's hook: `${CLAUDE_PLUGIN_ROOT}` in its command, URL and headers is this folder. */
  readonly pluginRoot?: string;
};

export type ConfiguredCommandHook = Extract<ConfiguredHook, { readonly type: 'command' }>;

export type ParsedHooks = { readonly hooks: ConfiguredHook[]; readonly errors: RuleFileError[] };

export const DEFAULT_HOOK_TIMEOUT_MS = 60_000;
/** Claude Code's defaults for the hook types that wait on a server or a model. */
const DEFAULT_TIMEOUT_MS: Readonly<Record<HookAction['type'], number>> = { command: DEFAULT_HOOK_TIMEOUT_MS, http: 30_000, prompt: 30_000, agent: 60_000 };
/** Longest timeout accepted, so a typo (60000 meaning ms) cannot hold a session for days. */
const MAX_TIMEOUT_SECONDS = 3_600;

export function parseHooksSettings(
  text: string,
  source: { readonly file: string; readonly kind: HookSourceKind; readonly fromRepository: boolean; readonly pluginRoot?: string },
): ParsedHooks {
  const { file } = source;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { hooks: [], errors: [{ file, line: lineAt(text, jsonErrorOffset(text)), message: `invalid JSON: ${message}` }] };
  }
  if (!isRecord(data) || data['hooks'] === undefined) return { hooks: [], errors: [] };
  const hooks: ConfiguredHook[] = [];
  const errors: RuleFileError[] = [];
  const hooksOffset = offsetOf(text, '"hooks"', 0);
  const fail = (key: string, message: string, offset = hooksOffset): void => {
    errors.push({ file, line: lineAt(text, offset), message: `"${key}" ${message}` });
  };
  const events = data['hooks'];
  if (!isRecord(events)) {
    fail('hooks', 'must be an object mapping event names to lists of matchers');
    return { hooks, errors };
  }
  for (const [eventName, groups] of Object.entries(events)) {
    const eventOffset = offsetOf(text, JSON.stringify(eventName), hooksOffset);
    if (!isHookEventName(eventName)) {
      fail(`hooks.${eventName}`, `is not a hook event (known: ${HOOK_EVENT_NAMES.join(', ')})`, eventOffset);
      continue;
    }
    if (!Array.isArray(groups)) {
      fail(`hooks.${eventName}`, 'must be a list of {"matcher", "hooks"} objects', eventOffset);
      continue;
    }
    let cursor = eventOffset;
    groups.forEach((group: unknown, groupIndex) => {
      const groupKey = `hooks.${eventName}[${groupIndex}]`;
      cursor = offsetOf(text, '{', cursor + 1);
      const groupOffset = cursor;
      if (!isRecord(group)) return fail(groupKey, 'must be an object with "matcher" and "hooks"', groupOffset);
      const pattern = group['matcher'] ?? '';
      if (typeof pattern !== 'string') return fail(`${groupKey}.matcher`, 'must be a string', groupOffset);
      const compiled = compileHookMatcher(pattern);
      if (!compiled.ok) return fail(`${groupKey}.matcher`, compiled.error.replace(/^matcher /, 'value '), groupOffset);
      const entries = group['hooks'];
      if (!Array.isArray(entries)) return fail(`${groupKey}.hooks`, 'must be a list of {"type": "command", "command": "..."} objects', groupOffset);
      entries.forEach((entry: unknown, entryIndex) => {
        const key = `${groupKey}.hooks[${entryIndex}]`;
        const anchor = isRecord(entry) ? (['command', 'url', 'prompt'] as const).map((field) => entry[field]).find((value) => typeof value === 'string') : undefined;
        const entryOffset = typeof anchor === 'string' ? offsetOf(text, JSON.stringify(anchor), groupOffset) : groupOffset;
        if (entryOffset > cursor) cursor = entryOffset;
        if (!isRecord(entry)) return fail(key, 'must be an object like {"type": "command", "command": "..."}', groupOffset);
        const action = parseHookAction(entry);
        if (!action.ok) return fail(`${key}.${action.key}`, action.message, entryOffset);
        const timeout = entry['timeout'];
        if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0) || timeout > MAX_TIMEOUT_SECONDS)) {
          return fail(`${key}.timeout`, `must be a number of seconds between 0 and ${MAX_TIMEOUT_SECONDS}; got ${JSON.stringify(timeout)}`, entryOffset);
        }
        hooks.push({
          ...action.action,
          event: eventName,
          matcher: compiled.matcher,
          timeoutMs: typeof timeout === 'number' ? Math.round(timeout * 1000) : DEFAULT_TIMEOUT_MS[action.action.type],
          file,
          line: lineAt(text, entryOffset),
          sourceKind: source.kind,
          fromRepository: source.fromRepository,
          ...(source.pluginRoot ? { pluginRoot: source.pluginRoot } : {}),
        });
      });
    });
  }
  return { hooks, errors };
}

type ActionParse = { readonly ok: true; readonly action: HookAction } | { readonly ok: false; readonly key: string; readonly message: string };

function parseHookAction(entry: Record<string, unknown>): ActionParse {
  const nonEmpty = (key: string): string | undefined => {
    const value = entry[key];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  const model = entry['model'];
  if (model !== undefined && typeof model !== 'string') return { ok: false, key: 'model', message: 'must be a string' };
  switch (entry['type']) {
    case 'command': {
      const command = nonEmpty('command');
      return command ? { ok: true, action: { type: 'command', command } } : { ok: false, key: 'command', message: 'must be a non-empty string' };
    }
    case 'http': {
      const url = nonEmpty('url');
      if (!url || !/^https?:\/\//i.test(url)) return { ok: false, key: 'url', message: 'must be an http:// or https:// URL' };
      const headers = entry['headers'] ?? {};
      if (!isRecord(headers) || !Object.values(headers).every((value) => typeof value === 'string')) {
        return { ok: false, key: 'headers', message: 'must be an object of header names to string values' };
      }
      const allowed = entry['allowedEnvVars'] ?? [];
      if (!Array.isArray(allowed) || !allowed.every((name) => typeof name === 'string')) {
        return { ok: false, key: 'allowedEnvVars', message: 'must be a list of environment variable names' };
      }
      return { ok: true, action: { type: 'http', url, headers: headers as Record<string, string>, allowedEnvVars: allowed as string[] } };
    }
    case 'prompt':
    case 'agent': {
      const prompt = nonEmpty('prompt');
      if (!prompt) return { ok: false, key: 'prompt', message: 'must be a non-empty string' };
      return { ok: true, action: { type: entry['type'], prompt, ...(typeof model === 'string' ? { model } : {}) } };
    }
    default:
      return { ok: false, key: 'type', message: `must be "command", "http", "prompt" or "agent"; got ${JSON.stringify(entry['type'])}` };
  }
}

/** Start-up's message for bad hooks entries: one line per problem, each naming file:line and key. */
export function describeHookConfigErrors(errors: readonly RuleFileError[]): string {
  const lines = errors.map((error) => `${error.line === undefined ? error.file : `${error.file}:${error.line}`}: ${error.message}`);
  return lines.length === 1 ? `invalid hooks setting in ${lines[0]}` : `invalid hooks settings:\n  ${lines.join('\n  ')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function offsetOf(text: string, needle: string, from: number): number {
  const found = text.indexOf(needle, Math.max(0, from));
  return found >= 0 ? found : from;
}

function lineAt(text: string, offset: number): number {
  return text.slice(0, Math.max(0, offset)).split('\n').length;
}
