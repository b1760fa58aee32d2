// How tool calls are described to an ACP client: kinds, titles and locations come from the tools' declarations.
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTool, type Tool } from '../../src/contract/tool.js';
import { describeToolCall, toolCallContent } from '../../src/entrypoints/acp/toolCallView.js';
import type { ToolCallOutcome } from '../../src/services/tools/toolExecution.js';
import { BashTool } from '../../src/tools/BashTool/BashTool.js';
import { EditTool } from '../../src/tools/EditTool/EditTool.js';
import { GlobTool } from '../../src/tools/GlobTool/GlobTool.js';
import { GrepTool } from '../../src/tools/GrepTool/GrepTool.js';
import { ReadTool } from '../../src/tools/ReadTool/ReadTool.js';
import { TodoWriteTool } from '../../src/tools/TodoWriteTool/TodoWriteTool.js';
import { WebFetchTool } from '../../src/tools/WebFetchTool/WebFetchTool.js';
import { WriteTool } from '../../src/tools/WriteTool/WriteTool.js';
import { z } from 'zod';
import { preparedCall } from '../support/preparedCalls.js';

let cwd: string;
beforeAll(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-acp-view-'));
  await mkdir(path.join(cwd, 'src'));
});

const mcpTool: Tool = buildTool<{ q: string }, string>({
  name: 'mcp__docs__search',
  isMcp: true,
  mcpInfo: { serverName: 'docs', toolName: 'search' },
  inputSchema: () => z.object({ q: z.string() }),
  description: () => 'MCP tool',
  prompt: () => '',
  isReadOnly: () => true,
  call: async () => ({ data: '' }),
});

async function view(tool: Tool, input: unknown) {
  return describeToolCall(tool, await preparedCall(tool, input, { cwd }), cwd);
}

describe('ACP tool call kinds come from declarations, not names', () => {
  it.each([
    ['Read of a file is read', ReadTool, () => ({ file_path: path.join(cwd, 'a.ts') }), 'read'],
    ['Grep (declares a recursive read) is search', GrepTool, () => ({ pattern: 'x' }), 'search'],
    ['Glob (reads a folder) is search', GlobTool, () => ({ pattern: 'src/**/*.ts' }), 'search'],
    ['Edit is edit', EditTool, () => ({ file_path: path.join(cwd, 'a.ts'), old_string: 'a', new_string: 'b' }), 'edit'],
    ['Write is edit', WriteTool, () => ({ file_path: path.join(cwd, 'a.ts'), content: 'x' }), 'edit'],
    ['Bash is execute', BashTool, () => ({ command: 'ls' }), 'execute'],
    ['WebFetch (network family) is fetch', WebFetchTool, () => ({ url: 'https://example.com', prompt: 'p' }), 'fetch'],
    ['TodoWrite (no family, no facts, read-only) is think', TodoWriteTool, () => ({ todos: [] }), 'think'],
    ['an MCP tool is other', mcpTool, () => ({ q: 'x' }), 'other'],
  ] as const)('%s', async (_name, tool, input, kind) => {
    expect((await view(tool, input())).kind).toBe(kind);
  });

  it('titles: a shell command is shown as code; a file call with its path relative to the cwd; an MCP tool by server and name', async () => {
    expect((await view(BashTool, { command: 'npm test' })).title).toBe('`npm test`');
    expect((await view(EditTool, { file_path: path.join(cwd, 'src', 'a.ts'), old_string: 'a', new_string: 'b' })).title).toBe(`Edit ${path.join('src', 'a.ts')}`);
    expect((await view(mcpTool, { q: 'x' })).title).toBe('docs: search');
  });

  it('locations are the declared paths', async () => {
    const file = path.join(cwd, 'src', 'a.ts');
    expect((await view(ReadTool, { file_path: file })).locations).toEqual([{ path: file }]);
    expect((await view(BashTool, { command: 'echo hi' })).locations).toEqual([]);
  });
});

describe('ACP tool call content', () => {
  const outcome = (data: unknown, content: string, status: ToolCallOutcome['status'] = 'success'): ToolCallOutcome => ({
    toolUseId: 't',
    toolName: 'X',
    input: {},
    status,
    data,
    result: { type: 'tool_result', tool_use_id: 't', content },
  });

  it('a result carrying a file patch becomes a diff of the changed region', () => {
    const patch = { hunks: [{ oldStart: 1, oldLines: 2, newStart: 1, newLines: 2, lines: [' keep', '-old', '+new'] }], additions: 1, removals: 1, omittedLines: 0 };
    expect(toolCallContent(outcome({ filePath: '/p/a.ts', patch }, 'Edited'), 'edit')).toEqual([{ type: 'diff', path: '/p/a.ts', oldText: 'keep\nold', newText: 'keep\nnew' }]);
  });

  it('a created file has no old text', () => {
    const patch = { hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 1, lines: ['+hello'] }], additions: 1, removals: 0, omittedLines: 0 };
    expect(toolCallContent(outcome({ filePath: '/p/new.ts', patch }, 'Created'), 'edit')).toEqual([{ type: 'diff', path: '/p/new.ts', oldText: null, newText: 'hello' }]);
  });

  it('command output is fenced, with a fence longer than any backtick run in it', () => {
    const [item] = toolCallContent(outcome(undefined, 'a ``` b\n'), 'execute');
    expect(item).toEqual({ type: 'content', content: { type: 'text', text: '````console\na ``` b\n````' } });
  });

  it('a denial is plain text', () => {
    expect(toolCallContent(outcome(undefined, 'Permission denied: x', 'denied'), 'execute')).toEqual([{ type: 'content', content: { type: 'text', text: 'Permission denied: x' } }]);
  });
});
