import { describeMode } from '../permissionModes.js';
import type { CommandContext, PermissionRuleListing, SlashCommand } from '../types.js';
import type { CommandResult } from '../custom/commandResult.js';

const USAGE = [
  'Usage:',
  '  /permissions                      the rules editor (allow, ask, deny, workspace directories)',
  '  /permissions list                 list rules and where each comes from',
  '  /permissions allow|ask|deny <rule>  add a rule to .claude/settings.local.json',
  '  /permissions remove <rule>        remove a rule from .claude/settings.local.json',
].join('\n');

export const permissionsCommand: SlashCommand = {
  name: 'permissions',
  aliases: ['allowed-tools'],
  description: 'Permission rules by scope: view, add and remove allow, ask and deny rules; workspace directories',
  argumentHint: '[list|allow|ask|deny|remove <rule>]',
  async run(args, context) {
    const [verb = '', ...rest] = args.trim().split(/\s+/);
    const rule = rest.join(' ').trim();
    if (verb === '') {
      const { runPermissionsEditor } = await import('../permissions/permissionsEditor.js');
      return runPermissionsEditor(context);
    }
    if (verb === 'list') return listRules(context);
    if (verb === 'allow' || verb === 'ask' || verb === 'deny') {
      if (rule === '') return { type: 'text', tone: 'error', text: USAGE };
      if (!context.permissions.addRule) return unavailable('Adding rules');
      return { type: 'text', text: await context.permissions.addRule(verb, rule) };
    }
    if (verb === 'remove') {
      if (rule === '') return { type: 'text', tone: 'error', text: USAGE };
      if (!context.permissions.removeRule) return unavailable('Removing rules');
      return { type: 'text', text: await context.permissions.removeRule(rule) };
    }
    return { type: 'text', tone: 'error', text: `Unknown subcommand "${verb}".\n${USAGE}` };
  },
};

async function listRules(context: CommandContext): Promise<CommandResult> {
  const header = `Permission mode: ${describeMode(context.getPermissionMode())}`;
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

function unavailable(what: string): CommandResult {
  return { type: 'text', tone: 'error', text: `${what} is not available in this build.` };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
