/**
 * Copies text to the terminal's clipboard with OSC 52 (utils/terminal/osc.ts),
 * which works over SSH and inside tmux without any helper program.
 * Terminals cap the sequence's length; very large exports belong in a file.
 */
import { osc52Copy } from '../../utils/terminal/osc.js';

export const MAX_CLIPBOARD_BYTES = 1_000_000;

export function writeClipboard(text: string, write: (data: string) => void = (data) => void process.stdout.write(data)): string | undefined {
  if (Buffer.byteLength(text, 'utf8') > MAX_CLIPBOARD_BYTES) return `the text is too large for the clipboard (over ${MAX_CLIPBOARD_BYTES / 1_000_000} MB); give /export a file name.`;
  write(osc52Copy(text));
  return undefined;
}
