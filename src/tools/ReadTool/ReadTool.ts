/**
 * Read: shows the model a text file (numbered lines), an image, or a
 * notebook, and records what it saw so Edit and Write can later check the
 * file has not changed behind its back. Read-only and safe to run in
 * parallel; its output is bounded by the tool itself (line, character and
 * size limits), so the pipeline never persists it (Infinity), which would
 * only send the model to Read the persisted copy again.
 */
import { realpath, stat } from 'node:fs/promises';
import { z } from 'zod';
import { buildTool } from '../../contract/tool.js';
import { expandHome, displayPath, resolveToolPath } from '../../utils/files/filePaths.js';
import { hasImageExtension, isNotebookPath } from '../../utils/files/fileKinds.js';
import { fileToolFailure } from '../../utils/files/fileToolFailure.js';
import { describeFsError, errnoCode } from '../../utils/files/fsErrors.js';
import { describeMissingFile } from '../../utils/files/similarFiles.js';
import { READ_TOOL_NAME, readToolPrompt } from './prompt.js';
import { readImageFile } from './readImage.js';
import { readNotebookFile } from './readNotebook.js';
import { mapReadResult, type ReadOutput } from './readResult.js';
import { readTextFile } from './readTextFile.js';

export type ReadInput = {
  readonly file_path: string;
  readonly offset?: number | undefined;
  readonly limit?: number | undefined;
};

export type { ReadOutput } from './readResult.js';

export const ReadTool = buildTool<ReadInput, ReadOutput>({
  name: READ_TOOL_NAME,
  searchHint: 'read view open file contents lines image notebook',
  inputSchema: () =>
    z.strictObject({
      file_path: z.string().min(1).describe('Absolute path of the file to read (relative paths are taken from the working directory)'),
      offset: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe('1-based line to start reading at (for notebooks: the cell). Use it with limit for long files.'),
      limit: z.number().int().positive().optional().describe('How many lines (for notebooks: cells) to return'),
    }),
  description: (input) => `Read ${input?.file_path ?? 'a file'}`,
  prompt: readToolPrompt,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  maxResultSizeChars: Number.POSITIVE_INFINITY,
  interruptBehavior: () => 'cancel',
  family: 'read',
  declareFacts: (input, scope) => ({ paths: [{ path: resolveToolPath(input.file_path, scope.cwd), access: 'read' }] }),
  mapToolResultToToolResultBlockParam: mapReadResult,
  ui: () => import('./UI.js'),

  async call(input, context) {
    const filePath = resolveToolPath(input.file_path, context.cwd);
    const shownPath = displayPath(filePath, context.cwd);
    let stats;
    try {
      stats = await stat(filePath);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return fileToolFailure(await describeMissingFile(filePath, context.cwd));
      return fileToolFailure(describeFsError(error, 'read', shownPath));
    }
    if (stats.isDirectory()) {
      return fileToolFailure(
        `${shownPath} is a directory, not a file. To see what is in it, use Glob (e.g. pattern "${shownPath}/*") or run \`ls ${shownPath}\` with Bash.`,
      );
    }
    if (!stats.isFile()) {
      // Reading a FIFO or a device could block forever or never end.
      return fileToolFailure(`${shownPath} is not a regular file (it is a device, pipe or socket), so Read will not open it.`);
    }
    const request = {
      filePath,
      shownPath,
      key: await realpath(filePath),
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      offset: input.offset,
      limit: input.limit,
      readFileState: context.readFileState,
      signal: context.abortSignal,
      ...(context.textFiles ? { textFiles: context.textFiles } : {}),
    };
    try {
      if (hasImageExtension(filePath)) return await readImageFile(request);
      if (isNotebookPath(filePath)) return await readNotebookFile(request);
      return await readTextFile(request);
    } catch (error) {
      if (context.abortSignal.aborted) throw error;
      return fileToolFailure(describeFsError(error, 'read', shownPath));
    }
  },
});
