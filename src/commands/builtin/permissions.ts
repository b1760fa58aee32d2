import { parseRule } from '../../permissions/rules/parseRule.js';
import { describeMode } from '../permissionModes.js';
import type { PermissionMode } from '../../contract/permissions.js';
import type { PermissionRuleListing, PermissionRulesAccess, SlashCommand } from '../types.js';
import type { CommandResult } from '../custom/commandResult.js';
import type { Session } from '../../session/session.js';

const USAGE = [
  'Usage:',
  '  /permissions                      the rules editor in the REPL (allow, ask, deny, workspace directories)',
  '  /permissions list                 list rules and where each comes from',
  '  /permissions allow|ask|deny <rule>  add a rule to .claude/settings.local.json',
  '  /permissions remove <rule>        remove a rule from .claude/settings.local.json',
].join('\n');

export const permissionsCommand: SlashCommand = {
  // Headless and ACP: the text form (list, allow|ask|deny <rule>, remove <rule>); there is no screen to edit on.
  async textForm(args, session) {
    const result = await sessionPermissionsText(args, session);
    const text = result.type === 'text' ? result.text : '';
    return { text, ...(result.type === 'text' && result.tone === 'error' ? { error: true } : {}) };
  },
  name: 'permissions',
  aliases: ['allowed-tools'],
  description: 'Permission rules by scope: view, add and remove allow, ask and deny rules; workspace directories',
  argumentHint: '[list|allow|ask|deny|remove <rule>]',
  async run(args, context) {
    if (args.trim() === '') {
      const { runPermissionsEditor } = await import('../permissions/permissionsEditor.js');
      return runPermissionsEditor(context);
    }
    return permissionsText(args, { permissions: context.permissions, mode: context.getPermissionMode() });
  },
};

/**
 * The text form (`/permissions list|allow|ask|deny|remove …`): the REPL's subcommands, and all of
 * /permissions in headless runs and ACP editors, where there is no screen to edit on (no arguments: the list).
 */
export async function permissionsText(args: string, context: { readonly permissions: PermissionRulesAccess; readonly mode: PermissionMode }): Promise<CommandResult> {
  const [verb = '', ...rest] = args.trim().split(/\s+/);
  const rule = rest.join(' ').trim();
  if (verb === '' || verb === 'list') return listRules(context);
  if (verb === 'allow' || verb === 'ask' || verb === 'deny') {
    if (rule === '') return { type: 'text', tone: 'error', text: USAGE };
    if (!context.permissions.addRule) return unavailable('Adding rules');
    // Refused as an error (a headless run exits non-zero), not reported as if it were done.
    const parsed = parseRule(rule);
    if (!parsed.ok) return { type: 'text', tone: 'error', text: `"${rule}" is not a valid rule: ${parsed.error}` };
    return outcome(await context.permissions.addRule(verb, rule), 'Added');
  }
  if (verb === 'remove') {
    if (rule === '') return { type: 'text', tone: 'error', text: USAGE };
    if (!context.permissions.removeRule) return unavailable('Removing rules');
    return outcome(await context.permissions.removeRule(rule), 'Removed');
  }
  return { type: 'text', tone: 'error', text: `Unknown subcommand "${verb}".\n${USAGE}` };
}

async function listRules(context: { readonly permissions: PermissionRulesAccess; readonly mode: PermissionMode }): Promise<CommandResult> {
  const header = `Permission mode: ${describeMode(context.mode)}`;
  if (!context.permissions.listRules) {
    return { type: 'text', text: `${header}\nRule listing is not available in this build.\n\n${USAGE}` };
  }
  const rules = await context.permissions.listRules();
  if (rules.length === 0) return { type: 'text', text: `${header}\nNo permission rules.\n\n${USAGE}` };
  const sections = (['deny', 'ask', 'allow'] as const).flatMap((behavior) => {
    const matching = rules.filter((rule) => rule.behavior === behavior);
    return matching.length === 0 ? [] : [`${capitalise(behavior)}:`, ...matching.map(formatRule), ''];
  });
  return { type: 'text', text: [header, '', ...sections, USAGE].join('\n') };
}

function formatRule(rule: PermissionRuleListing): string {
  const scope = rule.scope ? `${rule.scope}: ` : '';
  return `  ${rule.rule}  — ${scope}${rule.source}${rule.active ? '' : ' (inactive until this folder is trusted)'}`;
}

/** The access answers in a sentence; one that does not report the change (a file it could not write, a rule not there) is an error. */
function outcome(message: string, done: 'Added' | 'Removed'): CommandResult {
  return message.startsWith(`${done} `) ? { type: 'text', text: message } : { type: 'text', tone: 'error', text: message };
}

function unavailable(what: string): CommandResult {
  return { type: 'text', tone: 'error', text: `${what} is not available in this build.` };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The text form over a session's live rules, for front ends without the REPL's editor (headless, ACP). */
export async function sessionPermissionsText(args: string, session: Pick<Session, 'cwd' | 'appState' | 'info'>): Promise<CommandResult> {
  const { createPermissionRulesAccess } = await import('../permissionRulesAccess.js');
  const permissions = createPermissionRulesAccess({ projectRoot: session.cwd, appState: session.appState, configDir: session.info.configDir, onSaveError: () => undefined });
  return permissionsText(args, { permissions, mode: session.appState.get().toolPermissionContext.mode });
}
