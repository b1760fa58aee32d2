// The render functions of the misc tools, loaded the way the REPL loads them (tool.ui()),
// and drawn with ink-testing-library.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../src/contract/tool.js';
import type { ToolRenderers } from '../../../src/contract/toolRenderers.js';
import { AskUserQuestionTool } from '../../../src/tools/AskUserQuestionTool/AskUserQuestionTool.js';
import { ExitPlanModeTool } from '../../../src/tools/ExitPlanModeTool/ExitPlanModeTool.js';
import { TodoWriteTool } from '../../../src/tools/TodoWriteTool/TodoWriteTool.js';
import { WebFetchTool } from '../../../src/tools/WebFetchTool/WebFetchTool.js';
import { WebSearchTool } from '../../../src/tools/WebSearchTool/WebSearchTool.js';

const options = { verbose: false, columns: 100 };
const verbose = { verbose: true, columns: 100 };

function frame(node: ReactNode): string {
  const { lastFrame, unmount } = render(<>{typeof node === 'string' ? <Text>{node}</Text> : node}</>);
  const output = lastFrame() ?? '';
  unmount();
  return output;
}

async function renderersOf<Input, Output, Progress>(tool: Tool<Input, Output, Progress>): Promise<ToolRenderers<Input, Output, Progress>> {
  if (!tool.ui) throw new Error(`${tool.name} has no ui`);
  return tool.ui();
}

describe('TodoWrite UI', () => {
  it('draws the list as a checklist: done, current and pending items look different', async () => {
    const ui = await renderersOf(TodoWriteTool);
    const todos = [
      { content: 'Read the parser', status: 'completed', activeForm: 'Reading' },
      { content: 'Fix the bug', status: 'in_progress', activeForm: 'Fixing' },
      { content: 'Run the tests', status: 'pending', activeForm: 'Running' },
    ] as const;
    const output = frame(ui.renderToolResultMessage!({ oldTodos: [], newTodos: todos }, { todos }, options));
    expect(output.split('\n')).toEqual(['☒ Read the parser', '◼ Fix the bug', '☐ Run the tests']);
    expect(frame(ui.renderToolUseMessage({ todos }, options))).toBe('3 items');
    expect(frame(ui.renderToolResultMessage!({ oldTodos: todos, newTodos: [] }, { todos: [] }, options))).toBe('(no tasks)');
  });
});

describe('WebFetch UI', () => {
  it('shows the URL, and a one-line summary of the page (the text only when verbose)', async () => {
    const ui = await renderersOf(WebFetchTool);
    expect(frame(ui.renderToolUseMessage({ url: 'https://example.com/a', prompt: 'what?' }, options))).toBe('https://example.com/a');
    expect(frame(ui.renderToolUseMessage({ url: 'https://example.com/a', prompt: 'what?' }, verbose))).toContain('prompt: "what?"');
    const page = {
      kind: 'page',
      url: 'https://example.com/a',
      finalUrl: 'https://example.com/a',
      status: 200,
      mediaType: 'text/html',
      bytes: 2048,
      truncated: false,
      fromCache: true,
      durationMs: 1200,
      result: 'PAGE TEXT',
    } as const;
    const summary = frame(ui.renderToolResultMessage!(page, { url: page.url }, options));
    expect(summary).toContain('Received 2.0 KB (200) from cache');
    expect(summary).not.toContain('PAGE TEXT');
    expect(frame(ui.renderToolResultMessage!(page, { url: page.url }, verbose))).toContain('PAGE TEXT');
    const redirect = { kind: 'cross_host_redirect', url: 'https://a/', redirectUrl: 'https://b/', status: 301 } as const;
    expect(frame(ui.renderToolResultMessage!(redirect, { url: 'https://a/' }, options))).toContain('https://b/ (not followed)');
  });
});

describe('WebSearch UI', () => {
  it('shows the query, progress, and the sources found', async () => {
    const ui = await renderersOf(WebSearchTool);
    expect(frame(ui.renderToolUseMessage({ query: 'vite 7' }, options))).toBe('"vite 7"');
    expect(frame(ui.renderToolUseMessage({ query: 'vite 7', allowed_domains: ['vite.dev'] }, verbose))).toBe('"vite 7", only vite.dev');
    expect(frame(ui.renderToolUseProgressMessage!([{ query: 'vite 7' }], options))).toContain('Searching for "vite 7"');
    const output = {
      kind: 'results',
      query: 'vite 7',
      searches: [{ query: 'vite 7', hits: [{ title: 'Vite 7', url: 'https://vite.dev/blog' }] }],
      summary: 'It is out.',
      durationMs: 900,
    } as const;
    expect(frame(ui.renderToolResultMessage!(output, { query: 'vite 7' }, options))).toContain('Did 1 search, 1 source');
    expect(frame(ui.renderToolResultMessage!(output, { query: 'vite 7' }, verbose))).toContain('Vite 7 — https://vite.dev/blog');
  });
});

describe('AskUserQuestion UI', () => {
  it('shows the headers asked, then each answer under its header', async () => {
    const ui = await renderersOf(AskUserQuestionTool);
    const questions = [
      { question: 'Which database?', header: 'Database', options: [{ label: 'Postgres' }, { label: 'SQLite' }], multiSelect: false },
      { question: 'Which port?', header: 'Port', options: [{ label: '80' }, { label: '8080' }], multiSelect: false },
    ];
    expect(frame(ui.renderToolUseMessage({ questions }, options))).toBe('Database, Port');
    const answered = { kind: 'answered', questions, answers: { 'Which database?': 'SQLite', 'Which port?': '8080' } } as const;
    expect(frame(ui.renderToolResultMessage!(answered, { questions }, options)).split('\n')).toEqual(['Database: SQLite', 'Port: 8080']);
    expect(frame(ui.renderToolResultMessage!({ kind: 'no_user' }, { questions }, options))).toContain('No user present');
  });
});

describe('ExitPlanMode UI', () => {
  it('shows the plan with what became of it', async () => {
    const ui = await renderersOf(ExitPlanModeTool);
    const plan = '1. Add the test\n2. Fix it';
    const approved = frame(ui.renderToolResultMessage!({ kind: 'approved', plan, mode: 'acceptEdits' }, { plan }, options));
    expect(approved).toContain('Plan approved; mode is now acceptEdits');
    expect(approved).toContain('1. Add the test');
    expect(frame(ui.renderToolResultMessage!({ kind: 'rejected', plan, feedback: 'Add docs' }, { plan }, options))).toContain('Plan rejected: Add docs');
    expect(frame(ui.renderToolResultMessage!({ kind: 'no_user', plan }, { plan }, options))).toContain('still in plan mode');
  });
});
