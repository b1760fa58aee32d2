// The file tools' render functions and StructuredDiff, rendered with ink-testing-library.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import * as EditUI from '../../../src/tools/EditTool/UI.js';
import type { EditOutput } from '../../../src/tools/EditTool/EditTool.js';
import * as NotebookUI from '../../../src/tools/NotebookEditTool/UI.js';
import type { NotebookEditOutput } from '../../../src/tools/NotebookEditTool/NotebookEditTool.js';
import * as ReadUI from '../../../src/tools/ReadTool/UI.js';
import type { ReadOutput } from '../../../src/tools/ReadTool/readResult.js';
import * as WriteUI from '../../../src/tools/WriteTool/UI.js';
import type { WriteOutput } from '../../../src/tools/WriteTool/WriteTool.js';
import { StructuredDiff } from '../../../src/ui/kit/StructuredDiff.js';
import { EditTool } from '../../../src/tools/EditTool/EditTool.js';
import { NotebookEditTool } from '../../../src/tools/NotebookEditTool/NotebookEditTool.js';
import { ReadTool } from '../../../src/tools/ReadTool/ReadTool.js';
import { WriteTool } from '../../../src/tools/WriteTool/WriteTool.js';

const options = { verbose: false, columns: 100 };
const cwd = process.cwd();

// eslint-disable-next-line no-control-regex -- removing ANSI colour codes from the frame
const plain = (frame: string | undefined) => (frame ?? '').replace(/\u001b\[[0-9;]*m/g, '');

function frameOf(node: ReactNode): string {
  const { lastFrame, unmount } = render(<>{node}</>);
  const frame = plain(lastFrame());
  unmount();
  return frame;
}

/** The use line as the REPL draws it: the tool name, then the renderer's part in parentheses. */
function useLine(name: string, node: ReactNode): string {
  return frameOf(
    <Text>
      {name}({node})
    </Text>,
  );
}

describe('StructuredDiff', () => {
  const hunks = [
    { oldStart: 9, oldLines: 3, newStart: 9, newLines: 3, lines: [' keep', '-old line', '+new line', ' tail'] },
    { oldStart: 120, oldLines: 1, newStart: 120, newLines: 1, lines: ['-x', '+y'] },
  ];

  it('numbers lines (old number for removals, new for the rest), marks them -/+, and separates hunks', () => {
    expect(frameOf(<StructuredDiff hunks={hunks} />).split('\n')).toEqual([
      '  9   keep',
      ' 10 - old line',
      ' 10 + new line',
      ' 11   tail',
      '   ⋮',
      '120 - x',
      '120 + y',
    ]);
  });

  it('stops at maxLines and says how many lines are hidden', () => {
    const frame = frameOf(<StructuredDiff hunks={hunks} maxLines={2} omittedLines={5} />);
    expect(frame).toContain('10 - old line');
    expect(frame).not.toContain('new line');
    expect(frame).toContain('… 10 more diff lines');
  });

  it('can leave line numbers out, and cuts long lines to the terminal width', () => {
    const frame = frameOf(<StructuredDiff hunks={[{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: [`+${'z'.repeat(300)}`] }]} showLineNumbers={false} columns={40} />);
    expect(frame.startsWith('+ zzz')).toBe(true);
    expect(frame.length).toBeLessThanOrEqual(40);
    expect(frame.endsWith('…')).toBe(true);
  });
});

describe('Read UI', () => {
  it('use line: Read(src/app.ts), with the range when paging', () => {
    expect(useLine('Read', ReadUI.renderToolUseMessage({ file_path: `${cwd}/src/app.ts` }, options))).toBe('Read(src/app.ts)');
    expect(useLine('Read', ReadUI.renderToolUseMessage({ file_path: 'big.log', offset: 100, limit: 50 }, options))).toBe('Read(big.log · lines 100-149)');
    expect(ReadUI.renderToolUseMessage({}, options)).toBeNull();
  });

  it('result: "Read 120 lines", images and notebooks summarised, errors in full', () => {
    const text: ReadOutput = { type: 'text', filePath: '/w/a', shownPath: 'a', content: '', firstLine: 1, numLines: 120, totalLines: 120, moreAfter: false, stoppedForSize: false };
    expect(frameOf(ReadUI.renderToolResultMessage(text, { file_path: 'a' }, options))).toBe('Read 120 lines');
    const empty: ReadOutput = { ...text, numLines: 0, totalLines: 0 };
    expect(frameOf(ReadUI.renderToolResultMessage(empty, { file_path: 'a' }, options))).toBe('Read 0 lines (empty file)');
    const image: ReadOutput = { type: 'image', filePath: '/w/p.png', shownPath: 'p.png', mediaType: 'image/png', base64: '', bytes: 2_048 };
    expect(frameOf(ReadUI.renderToolResultMessage(image, { file_path: 'p.png' }, options))).toBe('Read image (2.0 KB)');
    const notebook: ReadOutput = { type: 'notebook', filePath: '/w/n', shownPath: 'n', text: '', totalCells: 9, firstCell: 1, shownCells: 3, images: [] };
    expect(frameOf(ReadUI.renderToolResultMessage(notebook, { file_path: 'n' }, options))).toBe('Read 3 cells of 9');
    expect(frameOf(ReadUI.renderToolUseErrorMessage('File does not exist: a.ts. Did you mean b.ts?', options))).toBe('File does not exist: a.ts. Did you mean b.ts?');
  });

  it('rejected: names the refused file and the reason', () => {
    const frame = frameOf(ReadUI.renderToolUseRejectedMessage({ file_path: '.env' }, 'deny rule Read(./.env)', options));
    expect(frame).toBe('Not allowed to read .env\ndeny rule Read(./.env)');
  });
});

describe('Edit UI', () => {
  const edit: EditOutput = {
    type: 'edit',
    filePath: '/w/src/x.ts',
    shownPath: 'src/x.ts',
    created: false,
    replacements: 1,
    lineRanges: [{ start: 10, end: 10 }],
    quotesNormalized: false,
    patch: { hunks: [{ oldStart: 10, oldLines: 1, newStart: 10, newLines: 1, lines: ['-const a = 1;', '+const a = 2;'] }], additions: 1, removals: 1, omittedLines: 0 },
    snippet: '',
  };
  const input = { file_path: 'src/x.ts', old_string: 'const a = 1;', new_string: 'const a = 2;' };

  it('use line and result: a summary and the coloured diff', () => {
    expect(useLine('Edit', EditUI.renderToolUseMessage({ file_path: 'src/x.ts' }, options))).toBe('Edit(src/x.ts)');
    expect(frameOf(EditUI.renderToolResultMessage(edit, input, options)).split('\n')).toEqual([
      'Updated src/x.ts with 1 addition and 1 removal',
      '10 - const a = 1;',
      '10 + const a = 2;',
    ]);
  });

  it('rejected: what was refused, with the proposed change', () => {
    const frame = frameOf(EditUI.renderToolUseRejectedMessage(input, 'The user rejected this Edit call', options));
    expect(frame.split('\n')).toEqual(['Edit of src/x.ts was not applied', 'The user rejected this Edit call', '- const a = 1;', '+ const a = 2;']);
  });

  it('permission request: the proposed change with shared lines as context', () => {
    const frame = frameOf(EditUI.renderPermissionRequest({ file_path: 'src/x.ts', old_string: 'a\nb\nc', new_string: 'a\nB\nc' }, options));
    expect(frame.split('\n')).toEqual(['src/x.ts', '  a', '- b', '+ B', '  c']);
  });

  it('error: the message', () => {
    expect(frameOf(EditUI.renderToolUseErrorMessage('Found 2 matches of old_string', options))).toBe('Found 2 matches of old_string');
  });
});

describe('Write UI', () => {
  it('use line, result for a new file, and rejection', () => {
    expect(useLine('Write', WriteUI.renderToolUseMessage({ file_path: 'notes/todo.md' }, options))).toBe('Write(notes/todo.md)');
    const created: WriteOutput = {
      type: 'create', filePath: '/w/notes/todo.md', shownPath: 'notes/todo.md', lineCount: 2,
      patch: { hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2, lines: ['+- one', '+- two'] }], additions: 2, removals: 0, omittedLines: 0 },
    };
    expect(frameOf(WriteUI.renderToolResultMessage(created, { file_path: 'notes/todo.md', content: '' }, options)).split('\n')).toEqual([
      'Wrote 2 lines to notes/todo.md',
      '1 + - one',
      '2 + - two',
    ]);
    const rejected = frameOf(WriteUI.renderToolUseRejectedMessage({ file_path: 'notes/todo.md', content: 'hello\n' }, 'no', options));
    expect(rejected.split('\n')).toEqual(['Write to notes/todo.md was not done', 'no', '1 + hello']);
  });
});

describe('NotebookEdit UI', () => {
  it('use line and result', () => {
    expect(useLine('NotebookEdit', NotebookUI.renderToolUseMessage({ notebook_path: 'nb.ipynb', cell_id: 'calc' }, options))).toBe(
      'NotebookEdit(nb.ipynb · cell calc · replace)',
    );
    const output: NotebookEditOutput = {
      type: 'notebook_edit', filePath: '/w/nb.ipynb', shownPath: 'nb.ipynb', editMode: 'replace', cellId: 'calc', cellType: 'code',
      clearedOutputs: true, cellCount: 3,
      patch: { hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-x = 1', '+x = 2'] }], additions: 1, removals: 1, omittedLines: 0 },
    };
    expect(frameOf(NotebookUI.renderToolResultMessage(output, { notebook_path: 'nb.ipynb', new_source: 'x = 2' }, options)).split('\n')).toEqual([
      'Updated cell calc (outputs cleared)',
      '1 - x = 1',
      '1 + x = 2',
    ]);
  });
});

describe('lazy UI modules', () => {
  it('each tool loads its render functions through ui()', async () => {
    for (const tool of [ReadTool, WriteTool, EditTool, NotebookEditTool]) {
      const renderers = await tool.ui?.();
      expect(typeof renderers?.renderToolUseMessage).toBe('function');
      expect(typeof renderers?.renderToolResultMessage).toBe('function');
      expect(typeof renderers?.renderToolUseRejectedMessage).toBe('function');
      expect(typeof renderers?.renderToolUseErrorMessage).toBe('function');
    }
  });
});
