import { MAX_OSC52_BYTES } from '../../utils/terminal/osc.js';
import { textOfContent } from '../../types/messages.js';
import type { SlashCommand } from '../types.js';

/**
 * `/copy`: the last answer to the clipboard, through the terminal (OSC 52),
 * so it works over SSH and in tmux without a clipboard program. Terminals
 * that ignore OSC 52 (or have it switched off) copy nothing; the message
 * says which terminal feature it relies on.
 */
export const copyCommand: SlashCommand = {
  name: 'copy',
  description: "Copy the last answer to the clipboard (the terminal's OSC 52)",
  run(_args, context) {
    const messages = context.getMessages();
    let answer: string | undefined;
    for (let index = messages.length - 1; index >= 0 && answer === undefined; index--) {
      const message = messages[index]!;
      if (message.type === 'assistant') {
        const text = textOfContent(message.content).trim();
        if (text !== '') answer = text;
      }
    }
    if (answer === undefined) return { type: 'text', tone: 'error', text: 'There is no answer to copy yet.' };
    if (Buffer.byteLength(answer) * (4 / 3) > MAX_OSC52_BYTES) {
      return { type: 'text', tone: 'error', text: `The last answer is too long for the terminal clipboard (${answer.length} characters).` };
    }
    context.copyToClipboard(answer);
    const lines = answer.split('\n').length;
    return { type: 'text', text: `Copied the last answer (${lines} ${lines === 1 ? 'line' : 'lines'}) to the clipboard (OSC 52; your terminal must allow it).` };
  },
};
