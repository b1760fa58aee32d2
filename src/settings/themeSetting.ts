/**
 * The `theme` setting: which palette the REPL draws with. `ansi` (the
 * default) uses the terminal's own 16 colours, so the terminal's colour
 * scheme decides; `dark` and `light` use fixed colours chosen to read well
 * on a dark or a light background whatever the scheme.
 */
export const THEME_NAMES = ['ansi', 'dark', 'light'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];
export const DEFAULT_THEME: ThemeName = 'ansi';

export const THEME_DESCRIPTIONS: Record<ThemeName, string> = {
  ansi: "the terminal's own 16 colours (its colour scheme decides)",
  dark: 'fixed colours for a dark background',
  light: 'fixed colours for a light background',
};

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}
