/**
 * Copies text to the terminal's clipboard with OSC 52, which works over SSH
 * and inside tmux (wrapped in its passthrough) without any helper program.
 * Terminals cap the sequence's length; very large exports belong in a file.
 */
export const MAX_CLIPBOARD_BYTES = 1_000_000;

export function osc52(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const sequence = `\u001B]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
  // tmux passes an escape through only when wrapped, with inner escapes doubled.
  return env.TMUX ? `\u001BPtmux;${sequence.replaceAll('\u001B', '\u001B\u001B')}\u001B\\` : sequence;
}

export function writeClipboard(text: string, write: (data: string) => void = (data) => void process.stdout.write(data)): string | undefined {
  if (Buffer.byteLength(text, 'utf8') > MAX_CLIPBOARD_BYTES) return `the conversation is too large for the clipboard (over ${MAX_CLIPBOARD_BYTES / 1_000_000} MB); give /export a file name.`;
  write(osc52(text));
  return undefined;
}
