/**
 * Keys typed quickly (or sent by a terminal multiplexer under load) can
 * arrive in one stdin chunk: "yes please\r" is text and then Enter, not text
 * with a carriage return in it. Single-line fields use this to tell the two
 * apart; the prompt has its own rules (see promptKeyHandler.ts).
 */
export type TypedChunk = { readonly text: string; readonly enter: boolean };

export function splitTypedChunk(input: string): TypedChunk {
  const enter = /[\r\n]$/.test(input);
  const text = (enter ? input.replace(/[\r\n]+$/, '') : input).replace(/[\r\n]+/g, ' ');
  return { text, enter };
}
