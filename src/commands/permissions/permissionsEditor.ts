/**
 * `/permissions` in the REPL: the rules as an editor, in sections —
 *
 *   Permissions (default mode) — Enter to open a section, Esc to close
 *   ❯ Allow (3)                  · run without asking
 *     Ask (1)                    · always ask first, in every mode
 *     Deny (0)                   · never run, in every mode
 *     Workspace directories (1)  · where file tools work as in the project
 *
 * A section lists its rules, each with its scope (user, project, local,
 * session, CLI, CLAUDE.md) and where it was read; Enter on one offers to
 * remove it (rules from CLI flags and CLAUDE.md are edited where they are
 * written), and the first row adds one: type the rule, then choose the file
 * (local: this checkout; project: the team's .claude/settings.json; user:
 * every project). Esc goes back a level and closes. Every change goes
 * through the permission rules access (the settings writers and
 * PermissionState), so it holds from the next tool call. The screens are
 * the REPL's pickers (`context.choose`): this file decides, it draws nothing.
 */
import { parseRule } from '../../permissions/rules/parseRule.js';
import { addWorkingDirectory } from '../builtin/addDir.js';
import { modeStatusLabel } from '../permissionModes.js';
import type { CommandResult } from '../custom/commandResult.js';
import type { CommandContext, PermissionRuleListing, RuleFileScope } from '../types.js';

type Behavior = PermissionRuleListing['behavior'];

const SECTION_WORDS: Record<Behavior, { readonly title: string; readonly meaning: string }> = {
  allow: { title: 'Allow', meaning: 'run without asking' },
  ask: { title: 'Ask', meaning: 'always ask first, in every mode' },
  deny: { title: 'Deny', meaning: 'never run, in every mode' },
};

/** Option values no typed text can equal (the search box's free text is the other kind of answer). */
const ADD = '\u0000add';
const ROW = '\u0000row:';
const REMOVE = 'remove';
const RULE_EXAMPLES = 'e.g. Bash(npm run test:*), Edit(src/**), Read(./.env), WebFetch(domain:example.com), mcp__github';

export async function runPermissionsEditor(context: CommandContext): Promise<CommandResult> {
  const access = context.permissions;
  if (!access.listRules || !access.addRule || !access.removeRule) {
    return { type: 'text', tone: 'error', text: 'The permissions editor is not available in this build.' };
  }
  const report: string[] = [];
  for (;;) {
    const rules = await access.listRules();
    const count = (behavior: Behavior): number => rules.filter((rule) => rule.behavior === behavior).length;
    const directories = context.session.appState.get().toolPermissionContext.workingDirectories;
    const chosen: string | undefined = await context.choose({
      title: `Permissions (${modeStatusLabel(context.getPermissionMode()) ?? 'default mode'}) — Enter to open a section, Esc to close`,
      // No `current`: a section is never "in effect", and a ✔ on one would say it is.
      options: [
        ...(['allow', 'ask', 'deny'] as const).map((behavior) => ({ value: behavior, label: `${SECTION_WORDS[behavior].title} (${count(behavior)})`, description: SECTION_WORDS[behavior].meaning })),
        { value: 'directories', label: `Workspace directories (${directories.length})`, description: 'where file tools work as in the project' },
      ],
    });
    if (chosen !== 'allow' && chosen !== 'ask' && chosen !== 'deny' && chosen !== 'directories') break;
    if (chosen === 'directories') await directoriesSection(context, report);
    else await rulesSection(chosen, context, report);
  }
  return { type: 'text', text: report.length > 0 ? report.join('\n') : 'No permission changes.' };
}

async function rulesSection(behavior: Behavior, context: CommandContext, report: string[]): Promise<void> {
  const access = context.permissions;
  for (;;) {
    const rules = (await access.listRules!()).filter((rule) => rule.behavior === behavior).sort((a, b) => scopeRank(a) - scopeRank(b));
    const chosen = await context.choose({
      title: `${SECTION_WORDS[behavior].title} rules (${SECTION_WORDS[behavior].meaning}) — Enter on a rule to remove it, Esc to go back`,
      searchable: true,
      freeText: { label: `a new ${behavior} rule` },
      options: [
        { value: ADD, label: `+ Add a new ${behavior} rule…` },
        ...rules.map((rule, index) => ({ value: `${ROW}${index}`, label: rule.rule, description: describeRule(rule) })),
      ],
    });
    if (chosen === undefined) return;
    if (chosen === ADD) {
      await addRule(behavior, undefined, context, report);
      continue;
    }
    const rule = chosen.startsWith(ROW) ? rules[Number(chosen.slice(ROW.length))] : undefined;
    // Text typed in the search box that names no listed rule is a new rule.
    if (!rule) await addRule(behavior, chosen, context, report);
    else await removeRule(rule, context, report);
  }
}

/** Rules listed by scope: the run's own flags first, then this checkout, the team's, the user's, memory files, this session. */
const SCOPE_ORDER: readonly string[] = ['CLI', '--settings', 'local', 'project', 'user', 'CLAUDE.md', 'session'];

function scopeRank(rule: PermissionRuleListing): number {
  const at = SCOPE_ORDER.indexOf(rule.scope ?? '');
  return at < 0 ? SCOPE_ORDER.length : at;
}

function describeRule(rule: PermissionRuleListing): string {
  const inactive = rule.active ? '' : ' · inactive until this folder is trusted';
  return `${rule.scope ?? 'source'} · ${rule.source}${inactive}`;
}

async function addRule(behavior: Behavior, typed: string | undefined, context: CommandContext, report: string[]): Promise<void> {
  const text =
    typed ??
    (await context.choose({
      title: `New ${behavior} rule — type it (${RULE_EXAMPLES}), Enter to continue, Esc to cancel`,
      searchable: true,
      freeText: { label: `the ${behavior} rule` },
      options: [],
    }));
  if (text === undefined || text.trim() === '') return;
  // A rule that does not parse is refused before the user is asked where to keep it.
  const parsed = parseRule(text.trim());
  if (!parsed.ok) {
    record(`"${text.trim()}" is not a valid rule: ${parsed.error}`, context, report);
    return;
  }
  const files = context.permissions.settingsFile;
  const scopes = SCOPE_CHOICES.filter((choice) => files === undefined || files(choice.scope) !== undefined);
  const scope = await context.choose({
    title: `Save ${behavior}: ${parsed.value.text} in…`,
    options: scopes.map((choice) => ({ value: choice.scope, label: choice.label, description: files?.(choice.scope) ?? '' })),
  });
  const chosen = scopes.find((choice) => choice.scope === scope);
  if (!chosen) return;
  const message = await context.permissions.addRule!(behavior, parsed.value.text, chosen.scope);
  record(message, context, report);
}

const SCOPE_CHOICES: readonly { readonly scope: RuleFileScope; readonly label: string }[] = [
  { scope: 'local', label: 'This project, just you (not committed)' },
  { scope: 'project', label: 'This project, shared with the team' },
  { scope: 'user', label: 'All your projects (user settings)' },
];

async function removeRule(rule: PermissionRuleListing, context: CommandContext, report: string[]): Promise<void> {
  if (rule.removable !== true || rule.origin === undefined) {
    const message = `${rule.rule} comes from ${rule.source} (${rule.scope ?? 'elsewhere'}); it is edited there, not here.`;
    record(message, context, report);
    return;
  }
  const confirmed = await context.choose({
    title: `Remove ${rule.behavior}: ${rule.rule}?`,
    options: [
      { value: REMOVE, label: 'Yes, remove it', description: rule.scope === 'session' ? 'held for this session only' : rule.origin },
      { value: 'keep', label: 'No, keep it' },
    ],
  });
  if (confirmed !== REMOVE) return;
  const message = await context.permissions.removeRule!(rule.rule, rule.origin);
  record(message, context, report);
}

async function directoriesSection(context: CommandContext, report: string[]): Promise<void> {
  for (;;) {
    const directories = context.session.appState.get().toolPermissionContext.workingDirectories;
    const chosen = await context.choose({
      title: 'Workspace directories (file tools work there as in the project) — Esc to go back',
      searchable: true,
      freeText: { label: 'a directory to add for this session' },
      options: [
        { value: ADD, label: '+ Add a directory for this session…' },
        ...directories.map((dir, index) => ({ value: `${ROW}${index}`, label: dir, description: index === 0 ? 'the working directory' : 'added' })),
      ],
    });
    if (chosen === undefined) return;
    if (chosen.startsWith(ROW)) continue;
    const typed =
      chosen === ADD
        ? await context.choose({ title: 'Directory to add — type its path, Enter to add, Esc to cancel', searchable: true, freeText: { label: 'the directory' }, options: [] })
        : chosen;
    if (typed === undefined || typed.trim() === '') continue;
    const added = await addWorkingDirectory(typed.trim(), context.session);
    record(added.message, context, report);
  }
}

/**
 * Every change is reported when the editor closes; one that did not happen (an invalid rule, a file
 * that could not be written) is shown at once too, while the editor is still open.
 */
function record(message: string, context: CommandContext, report: string[]): void {
  report.push(message);
  if (!/^(Added|Removed) /.test(message)) context.notify?.(message);
}

