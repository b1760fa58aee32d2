/**
 * Glyphs and colours the REPL uses, in one place so every screen agrees.
 * Colours are plain Ink colour names; with NO_COLOR set the REPL starts Ink
 * with colour support turned off (see startRepl.ts), so nothing here needs
 * to check it.
 */
export const glyphs = {
  prompt: '>',
  bullet: '●',
  resultIndent: '⎿',
  pointer: '❯',
  spinnerFrames: ['·', '✢', '✳', '✶', '✻', '✽'],
  ellipsis: '…',
} as const;

export const colors = {
  accent: 'cyan',
  success: 'green',
  error: 'red',
  warning: 'yellow',
  permission: 'magenta',
  muted: 'gray',
  userPrompt: 'gray',
  diffAdded: 'green',
  diffRemoved: 'red',
  inlineCode: 'blue',
} as const;

/** Whether the user asked for no colour (https://no-color.org): any non-empty value. */
export function isNoColorRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return typeof env.NO_COLOR === 'string' && env.NO_COLOR !== '';
}
