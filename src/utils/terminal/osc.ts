/**
 * Terminal control sequences the REPL writes besides what Ink draws: OSC 52
 * (set the clipboard — works over SSH, since the terminal, not the remote
 * host, owns the clipboard), OSC 9 / OSC 777 (desktop notifications) and the
 * bell. Inside tmux or screen a sequence is wrapped so the multiplexer passes
 * it to the outer terminal instead of swallowing it.
 */
const ESC = '\u001B';
const BEL = '\u0007';
const ST = `${ESC}\\`;

/** Base64 of more than this is refused by many terminals (xterm's default limit is about 100 KB). */
export const MAX_OSC52_BYTES = 74_994;

export function osc52Copy(text: string, env: NodeJS.ProcessEnv = process.env): string {
  const payload = Buffer.from(text, 'utf8').toString('base64');
  return passThroughMultiplexer(`${ESC}]52;c;${payload}${BEL}`, env);
}

/** OSC 9: iTerm2, WezTerm, Ghostty, Windows Terminal, kitty. */
export function osc9Notification(message: string, env: NodeJS.ProcessEnv = process.env): string {
  return passThroughMultiplexer(`${ESC}]9;${clean(message)}${BEL}`, env);
}

/** OSC 777: urxvt, foot, VTE terminals (GNOME Terminal, Tilix), WezTerm. */
export function osc777Notification(title: string, body: string, env: NodeJS.ProcessEnv = process.env): string {
  return passThroughMultiplexer(`${ESC}]777;notify;${clean(title)};${clean(body)}${BEL}`, env);
}

export const BELL = BEL;

/** Control characters (and `;`, the field separator) would end or split the sequence early. */
function clean(text: string): string {
  return text.replace(/[\u0000-\u001F\u007F;]/g, ' ').slice(0, 200);
}

function passThroughMultiplexer(sequence: string, env: NodeJS.ProcessEnv): string {
  if (env.TMUX) return `${ESC}Ptmux;${sequence.replaceAll(ESC, `${ESC}${ESC}`)}${ST}`;
  if ((env.TERM ?? '').startsWith('screen') && !env.TMUX) return `${ESC}P${sequence}${ST}`;
  return sequence;
}
