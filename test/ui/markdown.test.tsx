import { render } from 'ink-testing-library';
import { beforeAll, describe, expect, it } from 'vitest';
import { Markdown } from '../../src/ui/markdown/Markdown.js';
import { loadCodeHighlighter, loadMarkdownLexer } from '../../src/ui/markdown/markdownEngine.js';
import { renderInTerminal } from './support/inkTerminal.js';

beforeAll(async () => {
  await Promise.all([loadMarkdownLexer(), loadCodeHighlighter()]);
});

function frame(text: string, columns = 80): string {
  const view = render(<Markdown text={text} columns={columns} />);
  const output = view.lastFrame() ?? '';
  view.unmount();
  return output;
}

describe('terminal markdown', () => {
  it('renders emphasis and inline code without their markers', () => {
    const output = frame('Use **bold**, *italics*, `code` and ~~old~~ &amp; more.');
    expect(output).toBe('Use bold, italics, code and old & more.');
  });

  it('renders headings, paragraphs and lists as blocks', () => {
    const output = frame('# Title\n\nSome text.\n\n- one\n- two\n  - nested\n\n1. first\n2. second');
    expect(output).toContain('Title\n\nSome text.');
    expect(output).toContain('• one\n• two\n  • nested');
    expect(output).toContain('1. first\n2. second');
  });

  it('renders fenced code with its lines intact', () => {
    const output = frame('```ts\nconst answer = 42;\nconsole.log(answer);\n```');
    expect(output).toContain('const answer = 42;');
    expect(output).toContain('console.log(answer);');
    expect(output).not.toContain('```');
  });

  it('shows a link target next to its text', () => {
    expect(frame('See [the docs](https://example.com/docs).')).toBe('See the docs (https://example.com/docs).');
  });

  it('renders a table as aligned columns when it fits', () => {
    const output = frame('| Name | Size |\n| --- | ---: |\n| a.ts | 10 |\n| long.ts | 2000 |');
    expect(output).toContain('Name     Size');
    expect(output).toContain('long.ts  2000');
  });

  it('turns a table too wide for a 40-column terminal into label: value lines', () => {
    const output = frame('| Command | What it does | Example |\n| --- | --- | --- |\n| npm test | runs the whole test suite | npm test -- --watch |', 40);
    expect(output).toContain('Command: npm test');
    expect(output).toContain('What it does: runs the whole test suite');
  });

  it('wraps paragraphs to the terminal width and re-wraps on resize', async () => {
    const text = 'word '.repeat(30).trim();
    const terminal = renderInTerminal(<Markdown text={text} columns={40} />, { columns: 40 });
    await terminal.waitFor((screen) => screen.split('\n').length > 1);
    const narrow = terminal.lastFrame().split('\n');
    expect(Math.max(...narrow.map((line) => line.length))).toBeLessThanOrEqual(40);
    terminal.resize(100);
    await terminal.waitFor((screen) => screen.split('\n').length < narrow.length);
    expect(Math.max(...terminal.lastFrame().split('\n').map((line) => line.length))).toBeGreaterThan(40);
    terminal.unmount();
  });
});
