import { KEY_BINDING_GROUPS } from '../keyBindings.js';
import type { SlashCommand } from '../types.js';

const KEYS: ReadonlyArray<readonly [string, string]> = KEY_BINDING_GROUPS.flatMap((group) => group.bindings.map((binding) => [binding.keys, binding.does] as const));

export const helpCommand: SlashCommand = {
  name: 'help',
  aliases: ['?'],
  description: 'List commands and keys',
  run(_args, context) {
    const commands = context.commands();
    const width = Math.max(...commands.map((command) => command.name.length + (command.argumentHint ? command.argumentHint.length + 1 : 0)));
    const commandLines = commands.map((command) => {
      const usage = command.argumentHint ? `${command.name} ${command.argumentHint}` : command.name;
      const origin = command.source ? ` (${command.source})` : '';
      return `  /${usage.padEnd(width)}  ${command.description}${origin}`;
    });
    const keyWidth = Math.max(...KEYS.map(([key]) => key.length));
    const keyLines = KEYS.map(([key, what]) => `  ${key.padEnd(keyWidth)}  ${what}`);
    return { type: 'text', text: ['Commands', ...commandLines, '', 'Keys', ...keyLines].join('\n') };
  },
};
