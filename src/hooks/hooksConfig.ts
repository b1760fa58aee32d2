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

export type HookSourceKind = 'userSettings' | 'projectSettings' | 'localSettings' | 'flagSettings';

export type ConfiguredCommandHook = {
  readonly event: HookEventName;
  readonly matcher: HookMatcher;
  readonly command: string;
  readonly timeoutMs: number;
  /** The settings file it came from, and its line. */
  readonly file: string;
  readonly line: number;
  readonly sourceKind: HookSourceKind;
  /** Repository content (.claude/settings*.json): runs only once the folder is trusted. */
  readonly fromRepository: boolean;
};

export type ParsedHooks = { readonly hooks: ConfiguredCommandHook[]; readonly errors: RuleFileError[] };

export const DEFAULT_HOOK_TIMEOUT_MS = 60_000;
/** Longest timeout accepted, so a typo (60000 meaning ms) cannot hold a session for days. */
const MAX_TIMEOUT_SECONDS = 3_600;

export function parseHooksSettings(
  text: string,
  source: { readonly file: string; readonly kind: HookSourceKind; readonly fromRepository: boolean },
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
  const hooks: ConfiguredCommandHook[] = [];
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
        const commandOffset = isRecord(entry) && typeof entry['command'] === 'string' ? offsetOf(text, JSON.stringify(entry['command']), groupOffset) : groupOffset;
        if (commandOffset > cursor) cursor = commandOffset;
        if (!isRecord(entry)) return fail(key, 'must be an object like {"type": "command", "command": "..."}', groupOffset);
        if (entry['type'] !== 'command') return fail(`${key}.type`, `must be "command"; got ${JSON.stringify(entry['type'])}`, commandOffset);
        const command = entry['command'];
        if (typeof command !== 'string' || command.trim() === '') return fail(`${key}.command`, 'must be a non-empty string', commandOffset);
        const timeout = entry['timeout'];
        if (timeout !== undefined && (typeof timeout !== 'number' || !(timeout > 0) || timeout > MAX_TIMEOUT_SECONDS)) {
          return fail(`${key}.timeout`, `must be a number of seconds between 0 and ${MAX_TIMEOUT_SECONDS}; got ${JSON.stringify(timeout)}`, commandOffset);
        }
        hooks.push({
          event: eventName,
          matcher: compiled.matcher,
          command,
          timeoutMs: typeof timeout === 'number' ? Math.round(timeout * 1000) : DEFAULT_HOOK_TIMEOUT_MS,
          file,
          line: lineAt(text, commandOffset),
          sourceKind: source.kind,
          fromRepository: source.fromRepository,
        });
      });
    });
  }
  return { hooks, errors };
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
