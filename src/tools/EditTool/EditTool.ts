/**
 * Edit: replaces an exact piece of a file the model has read. The file keeps
 * its shape (line endings, BOM, encoding); the write is atomic; the result
 * tells the model where the change landed and shows the lines around it, and
 * carries the structured patch for the UI's diff.
 */
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import type { FilePatch } from '../../utils/files/structuredPatch.js';
import { buildFilePatch, creationPatch } from '../../utils/files/structuredPatch.js';
import { displayPath, expandHome, fileStateKey, resolveToolPath } from '../../utils/files/filePaths.js';
import { failureBlock, fileToolFailure, type FileToolFailure } from '../../utils/files/fileToolFailure.js';
import { changeRefusal, loadFileForChange } from '../../utils/files/loadFileForChange.js';
import { describeMissingFile } from '../../utils/files/similarFiles.js';
import { toModelLineEndings, UTF8_LF, type TextFormat } from '../../utils/files/textEncoding.js';
import { writeTextFile } from '../../utils/files/writeTextFile.js';
import type { ToolResultBlockParam } from '../../types/messages.js';
import { applyEdit, editSnippet, type EditOutcome, type LineRange } from './applyEdit.js';
import { EDIT_TOOL_NAME, editToolPrompt } from './prompt.js';

export type EditInput = {
  readonly file_path: string;
  readonly old_string: string;
  readonly new_string: string;
  readonly replace_all?: boolean | undefined;
};

export type EditSuccess = {
  readonly type: 'edit';
  readonly filePath: string;
  readonly shownPath: string;
  readonly created: boolean;
  readonly replacements: number;
  readonly lineRanges: readonly LineRange[];
  readonly quotesNormalized: boolean;
  readonly patch: FilePatch;
  /** Numbered lines around the first change. */
  readonly snippet: string;
};

export type EditOutput = EditSuccess | FileToolFailure;

export const EditTool = buildTool<EditInput, EditOutput>({
  name: EDIT_TOOL_NAME,
  searchHint: 'edit modify replace change text in file',
  inputSchema: () =>
    z.strictObject({
      file_path: z.string().min(1).describe('Absolute path of the file to change (relative paths are taken from the working directory)'),
      old_string: z.string().describe('The exact text to replace, copied from the file (empty to create a new file)'),
      new_string: z.string().describe('The text to put in its place (must differ from old_string)'),
      replace_all: z.boolean().optional().describe('Replace every occurrence of old_string instead of requiring exactly one (default false)'),
    }),
  description: (input) => `Edit ${input?.file_path ?? 'a file'}`,
  prompt: editToolPrompt,
  family: 'edit',
  declareFacts: (input, scope) => ({ paths: [{ path: resolveToolPath(input.file_path, scope.cwd), access: 'write' }] }),
  mapToolResultToToolResultBlockParam: mapEditResult,
  ui: () => import('./UI.js'),

  async previewChange(call, context) {
    const { input } = call;
    const filePath = resolveToolPath(input.file_path, context.cwd);
    const file = await loadFileForChange(filePath, displayPath(filePath, context.cwd), context.textFiles);
    if (file.kind === 'missing') return input.old_string === '' ? { path: filePath, oldText: undefined, newText: input.new_string } : undefined;
    if (file.kind !== 'text' || file.text.length > MAX_PREVIEW_CHARS) return undefined;
    const content = toModelLineEndings(file.text, file.format.lineEnding);
    const outcome = applyEditTolerantOfMixedEndings(content, modelLineEndings(input, file.format.lineEnding), filePath);
    return outcome.ok && outcome.newContent !== content ? { path: filePath, oldText: content, newText: outcome.newContent } : undefined;
  },

  async validateInput(input) {
    if (input.old_string === input.new_string) {
      return {
        result: false,
        message: 'old_string and new_string are identical, so this edit would change nothing. Put the text as it should end up in new_string.',
      };
    }
    return { result: true };
  },

  async call(input, context) {
    const filePath = resolveToolPath(input.file_path, context.cwd);
    const shownPath = displayPath(filePath, context.cwd);
    const key = await fileStateKey(filePath);
    const file = await loadFileForChange(filePath, shownPath, context.textFiles);

    if (file.kind === 'unchangeable') return fileToolFailure(file.message);
    if (file.kind === 'missing') {
      if (input.old_string !== '') {
        const missing = await describeMissingFile(filePath, context.cwd);
        return fileToolFailure(`${missing} To create a new file, use Write, or Edit with an empty old_string.`);
      }
      const written = await writeTextFile({
        filePath, key, shownPath, text: input.new_string, format: UTF8_LF, readFileState: context.readFileState, wholeFileKnown: true, textFiles: context.textFiles,
      });
      if (!written.ok) return fileToolFailure(written.message);
      const outcome = { newContent: input.new_string, replacements: 1, lineRanges: [], quotesNormalized: false };
      return { data: success({ filePath, shownPath, created: true, outcome, patch: creationPatch(input.new_string) }) };
    }

    const refusal = await changeRefusal(filePath, file, {
      state: context.readFileState, key, shownPath, needsWholeFileRead: false, toolName: EDIT_TOOL_NAME,
    });
    if (refusal) return fileToolFailure(refusal);

    const content = toModelLineEndings(file.text, file.format.lineEnding);
    const outcome = applyEditTolerantOfMixedEndings(content, modelLineEndings(input, file.format.lineEnding), shownPath);
    if (!outcome.ok) return fileToolFailure(outcome.message);
    if (outcome.newContent === content) {
      return fileToolFailure(
        `This edit would leave ${shownPath} unchanged (new_string, in the file's quote style, is the text already there), so nothing was written.`,
      );
    }

    const wholeFileKnown = context.readFileState.get(key)?.partial === undefined;
    const written = await writeTextFile({
      filePath, key, shownPath, text: outcome.newContent, format: file.format, readFileState: context.readFileState, wholeFileKnown, textFiles: context.textFiles,
    });
    if (!written.ok) return fileToolFailure(written.message);
    const patch = await buildFilePatch(shownPath, content, outcome.newContent);
    return { data: success({ filePath, shownPath, created: false, outcome, patch }) };
  },
});

/** Past this a preview would cost more to send than it helps (the edit itself still runs). */
const MAX_PREVIEW_CHARS = 512 * 1024;

/** In a CRLF file the model works on plain line breaks; a CRLF it sent anyway means the same. */
function modelLineEndings(input: EditInput, lineEnding: TextFormat['lineEnding']): EditInput {
  if (lineEnding !== 'CRLF') return input;
  return { ...input, old_string: input.old_string.replace(/\r\n/g, '\n'), new_string: input.new_string.replace(/\r\n/g, '\n') };
}

/**
 * A file with both LF and CRLF line breaks is edited byte-for-byte (it has no
 * single style to restore), so an old_string spanning a CRLF break needs its
 * breaks as CRLF to match.
 */
function applyEditTolerantOfMixedEndings(content: string, input: EditInput, shownPath: string): EditOutcome {
  const request = { content, oldString: input.old_string, newString: input.new_string, replaceAll: input.replace_all ?? false, shownPath };
  const outcome = applyEdit(request);
  if (outcome.ok || !content.includes('\r\n') || !input.old_string.includes('\n')) return outcome;
  const withCrlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
  const retried = applyEdit({ ...request, oldString: withCrlf(input.old_string), newString: withCrlf(input.new_string) });
  return retried.ok ? retried : outcome;
}

type SuccessParts = {
  readonly filePath: string;
  readonly shownPath: string;
  readonly created: boolean;
  readonly outcome: { newContent: string; replacements: number; lineRanges: readonly LineRange[]; quotesNormalized: boolean };
  readonly patch: FilePatch;
};

function success({ filePath, shownPath, created, outcome, patch }: SuccessParts): EditSuccess {
  const firstRange = outcome.lineRanges[0];
  return {
    type: 'edit',
    filePath,
    shownPath,
    created,
    replacements: outcome.replacements,
    lineRanges: outcome.lineRanges,
    quotesNormalized: outcome.quotesNormalized,
    patch,
    snippet: firstRange && !created ? editSnippet(outcome.newContent, firstRange) : '',
  };
}

function describeRanges(ranges: readonly LineRange[]): string {
  const one = (range: LineRange) => (range.start === range.end ? `${range.start}` : `${range.start}-${range.end}`);
  if (ranges.length === 1) return `line${ranges[0]!.start === ranges[0]!.end ? '' : 's'} ${one(ranges[0]!)}`;
  const listed = ranges.slice(0, 10).map(one).join(', ');
  return `lines ${listed}${ranges.length > 10 ? ', …' : ''}`;
}

export function mapEditResult(output: EditOutput, toolUseId: string): ToolResultBlockParam {
  if (output.type === 'error') return failureBlock(output, toolUseId);
  if (output.created) {
    const lines = output.patch.additions;
    return { type: 'tool_result', tool_use_id: toolUseId, content: `Created ${output.shownPath} (${lines} line${lines === 1 ? '' : 's'}).` };
  }
  const count = `${output.replacements} occurrence${output.replacements === 1 ? '' : 's'}`;
  const parts = [`Edited ${output.shownPath}: replaced ${count} (${describeRanges(output.lineRanges)}).`];
  if (output.quotesNormalized) {
    parts.push('Note: old_string matched only once curly and straight quotes were treated as equal; new_string was given the file\'s quote style.');
  }
  if (output.snippet) {
    parts.push(output.replacements > 1 ? 'Around the first change:' : 'Around the change:', output.snippet);
  }
  return { type: 'tool_result', tool_use_id: toolUseId, content: parts.join('\n') };
}
