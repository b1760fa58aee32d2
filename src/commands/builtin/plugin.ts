/**
 * `/plugin`: marketplaces and plugins, with Claude Code's verbs —
 *   /plugin                                  installed plugins, marketplaces
 *   /plugin marketplace add <folder | git URL | owner/repo>
 *   /plugin marketplace list
 *   /plugin install <plugin>@<marketplace>   copies it, shows what it adds, asks before enabling
 *   /plugin enable | disable | update | uninstall <plugin>@<marketplace>
 * Changes take effect when the next session starts (plugins load at start).
 */
import { addMarketplace, installPlugin, knownMarketplaces, parsePluginId, pluginKey, removePlugin, setEnabled, updatePlugin } from '../../plugins/pluginManager.js';
import { marketplaceSourceOf, readMarketplace } from '../../plugins/marketplaces.js';
import { describePluginContents } from '../../plugins/pluginSummary.js';
import { readInstalledPlugins } from '../../plugins/pluginStore.js';
import { enabledPluginStates } from '../../plugins/sessionPlugins.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { CommandContext, SlashCommand } from '../types.js';
import type { CommandResult } from '../custom/commandResult.js';

const USAGE = 'Use /plugin, /plugin marketplace add <folder or git URL>, /plugin marketplace list, or /plugin install|enable|disable|update|uninstall <plugin>@<marketplace>.';
const NEXT_SESSION = 'It takes effect in the next session.';

export const pluginCommand: SlashCommand = {
  name: 'plugin',
  aliases: ['plugins'],
  description: 'Install, enable, disable, update and remove plugins from marketplaces',
  argumentHint: '[marketplace add <source> | install <plugin@marketplace> | enable | disable | update | uninstall]',
  async run(args, context) {
    try {
      return await runPluginCommand(args.trim().split(/\s+/).filter(Boolean), context);
    } catch (error) {
      return { type: 'text', tone: 'error', text: errorMessageOf(error) };
    }
  },
};

async function runPluginCommand(words: string[], context: CommandContext): Promise<CommandResult> {
  const selection = context.session.settings;
  const configDir = context.session.info.configDir;
  const [verb, target, ...rest] = words;
  if (verb === undefined) return { type: 'text', text: await overview(context) };
  if (verb === 'marketplace') {
    if (target === 'add' && rest[0]) {
      const marketplace = await addMarketplace(configDir, marketplaceSourceOf(rest[0], context.session.cwd));
      const names = marketplace.plugins.map((plugin) => `  ${plugin.name}${plugin.description ? ` — ${plugin.description}` : ''}`);
      return { type: 'text', text: [`Added marketplace ${marketplace.name} with ${marketplace.plugins.length} plugin(s):`, ...names, `Install one with /plugin install <plugin>@${marketplace.name}.`].join('\n') };
    }
    if (target === 'list') return { type: 'text', text: await listMarketplaces(context) };
    return { type: 'text', tone: 'error', text: USAGE };
  }
  const id = target ? parsePluginId(target) : undefined;
  if (!id) return { type: 'text', tone: 'error', text: USAGE };
  switch (verb) {
    case 'install': {
      const plugin = await installPlugin(selection, id);
      const summary = await describePluginContents(plugin);
      const answer = await context.choose({
        title: `Installed ${pluginKey(id)}. It adds:\n${summary}\nEnable it?`,
        options: [
          { value: 'enable', label: 'Yes, enable it' },
          { value: 'keep', label: 'No, keep it installed but disabled' },
        ],
      });
      if (answer === 'enable') {
        await setEnabled(configDir, id, true);
        return { type: 'text', text: `Installed and enabled ${pluginKey(id)}. ${NEXT_SESSION}\n${summary}` };
      }
      return { type: 'text', text: `Installed ${pluginKey(id)} (disabled). Enable it with /plugin enable ${pluginKey(id)}.\n${summary}` };
    }
    case 'enable':
    case 'disable':
      await setEnabled(configDir, id, verb === 'enable');
      return { type: 'text', text: `${verb === 'enable' ? 'Enabled' : 'Disabled'} ${pluginKey(id)}. ${NEXT_SESSION}` };
    case 'update': {
      const plugin = await updatePlugin(selection, id);
      return { type: 'text', text: `Updated ${pluginKey(id)}${plugin.version ? ` to ${plugin.version}` : ''}. ${NEXT_SESSION}\n${await describePluginContents(plugin)}` };
    }
    case 'uninstall':
    case 'remove':
      await removePlugin(configDir, id);
      return { type: 'text', text: `Removed ${pluginKey(id)}. ${NEXT_SESSION}` };
    default:
      return { type: 'text', tone: 'error', text: USAGE };
  }
}

async function overview(context: CommandContext): Promise<string> {
  const installed = await readInstalledPlugins(context.session.info.configDir);
  const enabled = await enabledPluginStates(context.session.settings);
  const running = context.session.plugins.map((plugin) => `  ${plugin.name}${plugin.version ? ` ${plugin.version}` : ''} — ${plugin.root}`);
  const lines = Object.entries(installed).map(([id, record]) => `  ${id}${record.version ? ` ${record.version}` : ''} — ${enabled.get(id) ? 'enabled' : 'disabled'}`);
  return [
    running.length > 0 ? 'Running in this session:' : 'No plugins run in this session.',
    ...running,
    lines.length > 0 ? 'Installed:' : 'No plugins installed.',
    ...lines,
    await listMarketplaces(context),
    USAGE,
  ].join('\n');
}

async function listMarketplaces(context: CommandContext): Promise<string> {
  const known = await knownMarketplaces(context.session.settings);
  const lines: string[] = [];
  for (const [name, marketplace] of Object.entries(known)) {
    const where = marketplace.source.source === 'directory' ? marketplace.source.path : marketplace.source.source === 'github' ? marketplace.source.repo : marketplace.source.url;
    const plugins = await readMarketplace(marketplace.installLocation).then((read) => read.plugins.map((plugin) => plugin.name).join(', '), () => '(not fetched yet)');
    lines.push(`  ${name} (${where}): ${plugins}`);
  }
  return lines.length > 0 ? ['Marketplaces:', ...lines].join('\n') : 'No marketplaces. Add one with /plugin marketplace add <folder or git URL>.';
}
