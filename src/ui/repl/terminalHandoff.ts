/**
 * Lends the terminal to a foreground program (the user's editor for
 * `/memory`) and takes it back: what Ink set up is undone first — raw mode,
 * bracketed paste, the kitty keyboard protocol, the hidden cursor — so the
 * program gets the terminal a shell would give it, then redone. Ink's frame
 * is left as it is: editors draw on the alternate screen, so the REPL's
 * screen is intact when they exit, and the next state change repaints it.
 */
const BRACKETED_PASTE_ON = '\u001B[?2004h';
const BRACKETED_PASTE_OFF = '\u001B[?2004l';
const SHOW_CURSOR = '\u001B[?25h';
const HIDE_CURSOR = '\u001B[?25l';
const KITTY_KEYBOARD_POP = '\u001B[<u';
/** Ink's flags (disambiguateEscapeCodes), pushed again only where Ink would have pushed them. */
const KITTY_KEYBOARD_PUSH = '\u001B[>1u';

export type TerminalHandoff = <T>(run: () => T) => T;

export function createTerminalHandoff(options: {
  /** process.stdin in the REPL. */
  readonly stdin: { readonly isTTY?: boolean; setRawMode(mode: boolean): unknown };
  readonly write: (sequence: string) => void;
  readonly env: NodeJS.ProcessEnv;
}): TerminalHandoff {
  const kitty = usesKittyKeyboard(options.env);
  return (run) => {
    const raw = options.stdin.isTTY === true;
    options.write(`${kitty ? KITTY_KEYBOARD_POP : ''}${BRACKETED_PASTE_OFF}${SHOW_CURSOR}`);
    if (raw) options.stdin.setRawMode(false);
    try {
      return run();
    } finally {
      if (raw) options.stdin.setRawMode(true);
      options.write(`${kitty ? KITTY_KEYBOARD_PUSH : ''}${BRACKETED_PASTE_ON}${HIDE_CURSOR}`);
    }
  };
}

/** The terminals Ink's `kittyKeyboard: auto` turns the protocol on in (it confirms with a query first; popping an empty stack is harmless). */
function usesKittyKeyboard(env: NodeJS.ProcessEnv): boolean {
  return 'KITTY_WINDOW_ID' in env || env.TERM === 'xterm-kitty' || env.TERM_PROGRAM === 'WezTerm' || env.TERM_PROGRAM === 'ghostty';
}
