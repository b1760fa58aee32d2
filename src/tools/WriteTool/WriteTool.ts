/**
 * Write: creates a file, or replaces one the model has read whole. The write
 * is atomic and keeps an existing file's mode and shape (line endings, BOM,
 * encoding); the structured patch of the change goes to the UI.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import { displayPath, expandHome, fileStateKey, resolveToolPath } from '../../utils/files/filePaths.js';
import { failureBlock, fileToolFailure, type FileToolFailure } from '../../utils/files/fileToolFailure.js';
import { changeRefusal, loadFileForChange } from '../../utils/files/loadFileForChange.js';
import { buildFilePatch, creationPatch, describePatchCounts, type FilePatch } from '../../utils/files/structuredPatch.js';
import { toModelLineEndings, UTF8_LF } from '../../utils/files/textEncoding.js';
import { writeTextFile } from '../../utils/files/writeTextFile.js';
import type { ToolResultBlockParam } from '../../types/messages.js';
import { WRITE_TOOL_NAME, writeToolPrompt } from './prompt.js';

export type WriteInput = {
  readonly file_path: string;
  readonly content: string;
};

export type WriteSuccess = {
  readonly type: 'create' | 'overwrite' | 'unchanged';
  readonly filePath: string;
  readonly shownPath: string;
  readonly lineCount: number;
  readonly patch: FilePatch;
  /** Shown relative to the cwd; set when Write had to create directories. */
  readonly createdDirectory?: string;
};

export type WriteOutput = WriteSuccess | FileToolFailure;

/** Past this a preview would cost more to send than it helps (the write itself still runs). */
const MAX_PREVIEW_CHARS = 512 * 1024;

function countLines(text: string): number {
  if (text === '') return 0;
  const breaks = text.split('\n').length - 1;
  return text.endsWith('\n') ? breaks : breaks + 1;
}

export const WriteTool = buildTool<WriteInput, WriteOutput>({
  name: WRITE_TOOL_NAME,
  searchHint: 'write create new file overwrite save',
  inputSchema: () =>
    z.strictObject({
      file_path: z.string().min(1).describe('Absolute path of the file to write (relative paths are taken from the working directory)'),
      content: z.string().describe('The complete content of the file'),
    }),
  description: (input) => `Write ${input?.file_path ?? 'a file'}`,
  prompt: writeToolPrompt,
  family: 'edit',
  declareFacts: (input, scope) => ({ paths: [{ path: resolveToolPath(input.file_path, scope.cwd), access: 'write' }] }),
  // Overwriting loses the old content; creating does not. Without the cwd a
  // relative path cannot be checked, so it counts as an overwrite (fail-closed).
  isDestructive: (input) => {
    const target = expandHome(input.file_path);
    return !path.isAbsolute(target) || existsSync(target);
  },
  mapToolResultToToolResultBlockParam: mapWriteResult,
  ui: () => import('./UI.js'),

  async previewChange(call, context) {
    const filePath = resolveToolPath(call.input.file_path, context.cwd);
    const file = await loadFileForChange(filePath, displayPath(filePath, context.cwd), context.textFiles);
    if (file.kind === 'missing') return { path: filePath, oldText: undefined, newText: call.input.content };
    if (file.kind !== 'text' || file.text.length > MAX_PREVIEW_CHARS) return undefined;
    const oldText = toModelLineEndings(file.text, file.format.lineEnding);
    return oldText === call.input.content ? undefined : { path: filePath, oldText, newText: call.input.content };
  },

  async call(input, context) {
    const filePath = resolveToolPath(input.file_path, context.cwd);
    const shownPath = displayPath(filePath, context.cwd);
    const key = await fileStateKey(filePath);
    const file = await loadFileForChange(filePath, shownPath, context.textFiles);
    if (file.kind === 'unchangeable') return fileToolFailure(file.message);

    const lineCount = countLines(input.content);
    if (file.kind === 'missing') {
      const written = await writeTextFile({
        filePath, key, shownPath, text: input.content, format: UTF8_LF, readFileState: context.readFileState, wholeFileKnown: true, textFiles: context.textFiles,
      });
      if (!written.ok) return fileToolFailure(written.message);
      const createdDirectory = written.createdDirectory ? displayPath(written.createdDirectory, context.cwd) : undefined;
      return {
        data: { type: 'create', filePath, shownPath, lineCount, patch: creationPatch(input.content), ...(createdDirectory ? { createdDirectory } : {}) },
      };
    }

    const refusal = await changeRefusal(filePath, file, {
      state: context.readFileState, key, shownPath, needsWholeFileRead: true, toolName: WRITE_TOOL_NAME,
    });
    if (refusal) return fileToolFailure(refusal);

    const oldContent = toModelLineEndings(file.text, file.format.lineEnding);
    // The model sees CRLF files with plain line breaks; its content is written back in the file's own style.
    const newContent = file.format.lineEnding === 'CRLF' ? input.content.replace(/\r\n/g, '\n') : input.content;
    if (newContent === oldContent) {
      return { data: { type: 'unchanged', filePath, shownPath, lineCount, patch: await buildFilePatch(shownPath, oldContent, newContent) } };
    }
    const written = await writeTextFile({
      filePath, key, shownPath, text: newContent, format: file.format, readFileState: context.readFileState, wholeFileKnown: true, textFiles: context.textFiles,
    });
    if (!written.ok) return fileToolFailure(written.message);
    return { data: { type: 'overwrite', filePath, shownPath, lineCount, patch: await buildFilePatch(shownPath, oldContent, newContent) } };
  },
});

export function mapWriteResult(output: WriteOutput, toolUseId: string): ToolResultBlockParam {
  if (output.type === 'error') return failureBlock(output, toolUseId);
  const lines = `${output.lineCount} line${output.lineCount === 1 ? '' : 's'}`;
  const text =
    output.type === 'create'
      ? `Created ${output.shownPath} (${lines}).${output.createdDirectory ? ` Also created the directory ${output.createdDirectory}.` : ''}`
      : output.type === 'unchanged'
        ? `${output.shownPath} already had exactly this content (${lines}); nothing was changed.`
        : `Overwrote ${output.shownPath} (${lines}; ${describePatchCounts(output.patch)}).`;
  return { type: 'tool_result', tool_use_id: toolUseId, content: text };
}
