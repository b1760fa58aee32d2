import type { SlashCommand } from '../types.js';

const KEYS: ReadonlyArray<readonly [string, string]> = [
  ['Enter', 'send the prompt'],
  ['Shift+Enter, or \\ then Enter', 'new line'],
  ['↑ / ↓', 'earlier prompts (per project)'],
  ['Ctrl+R', 'search earlier prompts'],
  ['Tab', 'complete a /command or @file'],
  ['@path', 'attach a file (read with the Read tool; images go as images)'],
  ['Ctrl+V', "attach the clipboard's image (wl-paste / xclip)"],
  ['!command', 'run a shell command; its output joins the conversation'],
  ['# note', 'save a line to a memory file you choose (not sent to the model)'],
  ['Esc', 'interrupt the running turn'],
  ['Shift+Tab', 'switch permission mode'],
  ['Ctrl+O', 'transcript view: everything so far, in full (esc to close)'],
  ['Ctrl+C', 'clear the input; twice to exit'],
  ['Ctrl+D', 'exit (twice, on an empty input; so does Ctrl+C)'],
];

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
