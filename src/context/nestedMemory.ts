/**
 * CLAUDE.md files in subfolders. Start-up sends the memory files from the
 * project root down to the cwd; a folder below (or beside) that path has
 * instructions that matter only once the model works there, so they are
 * loaded the first time a file tool successfully reads or edits something
 * under that folder, and sent once, as a system reminder with the next
 * request. A folder is looked at once per session, found or not.
 *
 * Which call touched which path comes from the tools' own declarations
 * (`getPath`), never from tool names.
 */
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findToolByName, type Tools } from '../contract/tool.js';
import type { ConversationMessage } from '../types/messages.js';
import { MEMORY_FILE_NAMES, memoryFileText, readMemoryFile, type MemoryFile } from './memoryFiles.js';
import type { MemoryReadGate } from './memoryReadGate.js';

export type NestedMemoryOptions = {
  /** Folders whose memory files start-up already sent (root → cwd). */
  readonly loadedFolders: readonly string[];
  /** The folders nested memory may come from: the project root (or cwd) and the other working directories. */
  readonly roots: readonly string[];
  /** The same gate as start-up memory: a subfolder's CLAUDE.md (and its imports) is content the model gets without a tool call. */
  readonly gate: MemoryReadGate;
};

export class NestedMemory {
  private readonly seen: Set<string>;
  private readonly roots: readonly string[];
  private readonly gate: MemoryReadGate;

  constructor(options: NestedMemoryOptions) {
    this.gate = options.gate;
    this.seen = new Set(options.loadedFolders.map((folder) => path.resolve(folder)));
    this.roots = options.roots.map((root) => path.resolve(root));
  }

  /** Reminders for memory files under the paths touched, outermost folder first; each folder once. */
  async remindersFor(touchedPaths: readonly string[]): Promise<string[]> {
    const folders: string[] = [];
    for (const touched of touchedPaths) {
      const start = await folderOf(touched);
      for (const folder of this.foldersBelowRoot(start)) {
        if (this.seen.has(folder)) continue;
        this.seen.add(folder);
        folders.push(folder);
      }
    }
    const reminders: string[] = [];
    for (const folder of folders) {
      const files = await Promise.all(MEMORY_FILE_NAMES.map(({ name, scope }) => readMemoryFile(path.join(folder, name), scope, this.gate)));
      for (const file of files) if (file) reminders.push(nestedMemoryReminder(file, folder));
    }
    return reminders;
  }

  /** From the root that holds `folder` down to `folder`, outermost first; nothing outside every root. */
  private foldersBelowRoot(folder: string): string[] {
    const root = this.roots
      .filter((candidate) => folder === candidate || folder.startsWith(candidate + path.sep))
      .sort((a, b) => b.length - a.length)[0];
    if (!root) return [];
    const chain: string[] = [];
    for (let current = folder; ; current = path.dirname(current)) {
      chain.unshift(current);
      if (current === root || path.dirname(current) === current) break;
    }
    return chain;
  }
}

function nestedMemoryReminder(file: MemoryFile, folder: string): string {
  const whose = file.scope === 'local' ? "the user's private instructions" : 'project instructions from the repository';
  return `<system-reminder>You are now working under ${folder}, which has its own instructions file. Contents of ${file.path} (${whose}; they apply to files under ${folder}):\n\n${memoryFileText(file)}</system-reminder>`;
}

async function folderOf(touched: string): Promise<string> {
  const resolved = path.resolve(touched);
  const isFolder = await stat(resolved).then(
    (info) => info.isDirectory(),
    () => false,
  );
  return isFolder ? resolved : path.dirname(resolved);
}

/**
 * The paths that the last assistant message's file-tool calls touched and
 * that succeeded (a refused or failed call must not pull in the folder's
 * instructions), as the tools declare them, resolved against the cwd those
 * calls ran in. Only reading and editing tools count (a shell command's
 * operands are not "working under" a folder).
 */
export async function pathsTouchedByLastTurn(messages: readonly ConversationMessage[], tools: Tools, cwd: string): Promise<string[]> {
  const lastUser = messages.at(-1);
  const assistant = messages.at(-2);
  if (lastUser?.type !== 'user' || assistant?.type !== 'assistant' || typeof lastUser.content === 'string') return [];
  const failed = new Set<string>();
  for (const block of lastUser.content) if (block.type === 'tool_result' && block.is_error) failed.add(block.tool_use_id);
  const paths: string[] = [];
  for (const block of assistant.content) {
    if (block.type !== 'tool_use' || failed.has(block.id)) continue;
    const tool = findToolByName(tools, block.name);
    if (tool?.family !== 'read' && tool?.family !== 'edit') continue;
    try {
      const facts = await tool.declareFacts(block.input, { cwd, home: os.homedir() });
      for (const declared of facts.paths ?? []) paths.push(path.resolve(cwd, declared.path));
    } catch {
      continue; // an input the tool could not read gave no path: nothing to load
    }
  }
  return paths;
}
