// Tool renderers and REPL components take their colours from the theme palette (src/ui/kit/theme.ts),
// never from literal colour names: under the light theme an error is the light palette's red, not
// the terminal's bright ANSI red. Two checks: a source scan (every colour prop names `colors.*`),
// and each tool's error and rejection renderers drawn under the light theme with colour forced on.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/runCli.js';

const SRC = path.join(REPO_ROOT, 'src');

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full, keep) : keep(full) ? [full] : [];
  });
}

const toolUis = readdirSync(path.join(SRC, 'tools'))
  .map((name) => path.join(SRC, 'tools', name, 'UI.tsx'))
  .filter((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
const uiComponents = filesUnder(path.join(SRC, 'ui'), (file) => file.endsWith('.tsx') && !file.endsWith(`${path.sep}theme.ts`));

const COLOUR_PROP = String.raw`\b(?:color|borderColor|backgroundColor)=`;
/** `color="red"`, `color={'red'}`, `color={x ? 'red' : undefined}`, `borderColor="#888"`. */
const LITERAL_COLOUR = [
  new RegExp(`${COLOUR_PROP}"[^"]*"`),
  new RegExp(`${COLOUR_PROP}\\{[^}]*'(?:(?:black|red|green|yellow|blue|magenta|cyan|white|gray|grey)(?:Bright)?|#[0-9a-fA-F]{3,8}|rgb\\(.*\\)|ansi256\\(.*\\))'[^}]*\\}`),
];

describe('colours come from the theme palette', () => {
  it('finds the renderers and components it scans', () => {
    expect(toolUis.length).toBeGreaterThan(15);
    expect(uiComponents.length).toBeGreaterThan(30);
  });

  it.each([...toolUis, ...uiComponents].map((file) => [path.relative(REPO_ROOT, file), file]))('%s names no literal colour', (_name, file) => {
    const offending = readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line: line.trim(), at: index + 1 }))
      .filter(({ line }) => LITERAL_COLOUR.some((pattern) => pattern.test(line)));
    expect(offending.map(({ line, at }) => `${at}: ${line}`)).toEqual([]);
  });

  it('the scan catches the literal forms it is meant to', () => {
    for (const bad of ['<Text color="red">x</Text>', "<Text color={'yellow'}>", "<Text color={failed ? 'red' : undefined}>", '<Box borderColor="gray">', '<Text color="#ff0000">']) {
      expect(LITERAL_COLOUR.some((pattern) => pattern.test(bad)), bad).toBe(true);
    }
    for (const good of ['<Text color={colors.error}>', "<Text color={tone === 'error' ? colors.error : undefined}>", '<Text dimColor>']) {
      expect(LITERAL_COLOUR.some((pattern) => pattern.test(good)), good).toBe(false);
    }
  });
});

describe('tool renderers under the light theme', () => {
  const savedForceColor = process.env.FORCE_COLOR;
  afterAll(() => {
    if (savedForceColor === undefined) delete process.env.FORCE_COLOR;
    else process.env.FORCE_COLOR = savedForceColor;
  });

  /** Truecolor foreground escape for a #rrggbb palette entry (what Ink's chalk writes at level 3). */
  const foreground = (hex: string): string => {
    const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
    return `\u001B[38;2;${r};${g};${b}m`;
  };
  const ANSI_RED = '\u001B[31m';
  const ANSI_YELLOW = '\u001B[33m';

  it("every tool's error renderer draws in the light palette's error colour, and rejections in its warning colour", async () => {
    // Colour on before Ink's chalk loads (this file imports neither statically).
    process.env.FORCE_COLOR = '3';
    const { render } = await import('ink-testing-library');
    const { applyTheme, PALETTES } = await import('../../src/ui/kit/theme.js');
    applyTheme('light');
    try {
      const options = { verbose: false, columns: 80 };
      let checked = 0;
      for (const file of toolUis) {
        const ui: Record<string, unknown> = await import(file);
        const renderError = ui.renderToolUseErrorMessage;
        if (typeof renderError !== 'function') continue;
        const view = render(renderError('it broke', options));
        const frame = view.lastFrame() ?? '';
        view.unmount();
        expect(frame, path.relative(REPO_ROOT, file)).toContain(foreground(PALETTES.light.error));
        expect(frame, path.relative(REPO_ROOT, file)).not.toContain(ANSI_RED);
        checked++;
      }
      expect(checked).toBeGreaterThan(10);

      const rejections: [tool: string, input: unknown][] = [
        ['WebFetchTool', { url: 'https://example.com', prompt: 'x' }],
        ['WebSearchTool', { query: 'x' }],
        ['TodoWriteTool', { todos: [] }],
        ['MCPTool', {}],
        ['EnterPlanModeTool', {}],
        ['AskUserQuestionTool', { questions: [] }],
      ];
      for (const [tool, input] of rejections) {
        const ui: Record<string, unknown> = await import(path.join(SRC, 'tools', tool, 'UI.tsx'));
        const renderRejected = ui.renderToolUseRejectedMessage as (input: unknown, reason: string, options: unknown) => Parameters<typeof render>[0];
        const view = render(renderRejected(input, 'the user said no', options));
        const frame = view.lastFrame() ?? '';
        view.unmount();
        expect(frame, tool).toContain(foreground(PALETTES.light.warning));
        expect(frame, tool).not.toContain(ANSI_YELLOW);
      }
    } finally {
      applyTheme('ansi');
    }
  });
});
