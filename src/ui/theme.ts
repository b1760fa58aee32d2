/**
 * Glyphs and colours the REPL uses, in one place so every screen agrees.
 * Colours are plain Ink colour names; with NO_COLOR set the REPL starts Ink
 * with colour support turned off (see startRepl.ts), so nothing here needs
 * to check it.
 */
import { DEFAULT_THEME, type ThemeName } from '../settings/themeSetting.js';

export const glyphs = {
  prompt: '>',
  bullet: '●',
  resultIndent: '⎿',
  pointer: '❯',
  /** Marks the option in effect in a picker. */
  current: '✔',
  spinnerFrames: ['·', '✢', '✳', '✶', '✻', '✽'],
  ellipsis: '…',
} as const;

export type Palette = {
  readonly accent: string;
  readonly success: string;
  readonly error: string;
  readonly warning: string;
  readonly permission: string;
  readonly muted: string;
  readonly userPrompt: string;
  readonly diffAdded: string;
  readonly diffRemoved: string;
  readonly inlineCode: string;
};

/** One palette per `theme` setting (src/settings/themeSetting.ts). */
export const PALETTES: Record<ThemeName, Palette> = {
  ansi: {
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
  },
  dark: {
    accent: '#5fd7ff',
    success: '#5fd75f',
    error: '#ff6b6b',
    warning: '#ffc857',
    permission: '#d7a6ff',
    muted: '#8a8a8a',
    userPrompt: '#9e9e9e',
    diffAdded: '#5fd75f',
    diffRemoved: '#ff6b6b',
    inlineCode: '#87afff',
  },
  light: {
    accent: '#005f87',
    success: '#1b7a1b',
    error: '#b00020',
    warning: '#8a5300',
    permission: '#7b1fa2',
    muted: '#5f5f5f',
    userPrompt: '#5f5f5f',
    diffAdded: '#1b7a1b',
    diffRemoved: '#b00020',
    inlineCode: '#3438a8',
  },
};

/**
 * The palette in force. Components read it when they draw, so applyTheme
 * changes everything drawn afterwards (lines already printed keep theirs).
 */
export const colors: { -readonly [K in keyof Palette]: string } = { ...PALETTES[DEFAULT_THEME] };
let currentTheme: ThemeName = DEFAULT_THEME;

export function applyTheme(name: ThemeName): void {
  Object.assign(colors, PALETTES[name]);
  currentTheme = name;
}

export function activeTheme(): ThemeName {
  return currentTheme;
}

/** Whether the user asked for no colour (https://no-color.org): any non-empty value. */
export function isNoColorRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return typeof env.NO_COLOR === 'string' && env.NO_COLOR !== '';
}
