/**
 * Finding saved sessions: `$AGENTCLI_CONFIG_DIR/projects/<slug>/<id>.jsonl`.
 * `--continue` takes the newest of this directory's project; `--resume <id>`
 * looks in this project first, then in the others (a folder that was moved
 * or renamed); the picker lists this project's sessions, newest first.
 */
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { projectDir } from '../../settings/configPaths.js';

export type SessionFile = { readonly id: string; readonly file: string; readonly modifiedMs: number; readonly sizeBytes: number };

export function transcriptFile(configDir: string, projectRoot: string, sessionId: string): string {
  return path.join(projectDir(configDir, projectRoot), `${sessionId}.jsonl`);
}

export async function listSessionFiles(configDir: string, projectRoot: string): Promise<SessionFile[]> {
  const dir = projectDir(configDir, projectRoot);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith('.jsonl'))
      .map(async (name): Promise<SessionFile | undefined> => {
        const file = path.join(dir, name);
        try {
          const info = await stat(file);
          return { id: name.slice(0, -'.jsonl'.length), file, modifiedMs: info.mtimeMs, sizeBytes: info.size };
        } catch {
          return undefined;
        }
      }),
  );
  return files.filter((entry): entry is SessionFile => entry !== undefined && entry.sizeBytes > 0).sort((a, b) => b.modifiedMs - a.modifiedMs);
}

export async function latestSessionFile(configDir: string, projectRoot: string): Promise<SessionFile | undefined> {
  return (await listSessionFiles(configDir, projectRoot))[0];
}

export async function findSessionFile(configDir: string, projectRoot: string, sessionId: string): Promise<string | undefined> {
  if (!/^[\w-]+$/.test(sessionId)) return undefined;
  const own = transcriptFile(configDir, projectRoot, sessionId);
  if (await exists(own)) return own;
  let projects: string[];
  try {
    projects = await readdir(path.join(configDir, 'projects'));
  } catch {
    return undefined;
  }
  for (const project of projects) {
    const candidate = path.join(configDir, 'projects', project, `${sessionId}.jsonl`);
    if (await exists(candidate)) return candidate;
  }
  return undefined;
}

export async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

export type SessionSummary = SessionFile & {
  readonly firstPrompt: string;
  /** The last message with text (a tool result has none), for the picker's preview. */
  readonly lastMessage: { readonly role: 'user' | 'assistant'; readonly text: string } | undefined;
  readonly messageCount: number;
  readonly gitBranch: string | undefined;
};

/** What the picker shows of a session, read without parsing the whole file. */
export async function summarizeSessionFile(entry: SessionFile): Promise<SessionSummary> {
  const handle = await open(entry.file, 'r');
  try {
    const head = Buffer.alloc(Math.min(entry.sizeBytes, 256 * 1024));
    await handle.read(head, 0, head.length, 0);
    let firstPrompt = '';
    let gitBranch: string | undefined;
    let title: string | undefined;
    for (const raw of head.toString('utf8').split('\n')) {
      if (firstPrompt && gitBranch !== undefined) break;
      try {
        const line: unknown = JSON.parse(raw);
        if (typeof line !== 'object' || line === null) continue;
        if ('title' in line && typeof line.title === 'string' && 'type' in line && line.type === 'title') title ??= line.title;
        if ('gitBranch' in line && typeof line.gitBranch === 'string') gitBranch ??= line.gitBranch;
        if (!firstPrompt && 'type' in line && line.type === 'user' && !('isMeta' in line) && 'message' in line) firstPrompt = promptText(line.message);
      } catch {
        // a line cut by the head buffer
      }
    }
    const [messageCount, lastMessage] = await Promise.all([countMessageLines(entry), readLastMessage(entry)]);
    return { ...entry, firstPrompt: title ?? firstPrompt, lastMessage, messageCount, gitBranch };
  } finally {
    await handle.close();
  }
}

const TAIL_BYTES = 64 * 1024;

/** Reads only the file's end: the last line that is a user or assistant message with text. */
async function readLastMessage(entry: SessionFile): Promise<SessionSummary['lastMessage']> {
  const handle = await open(entry.file, 'r');
  try {
    const length = Math.min(entry.sizeBytes, TAIL_BYTES);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, entry.sizeBytes - length);
    const lines = tail.toString('utf8').split('\n');
    for (let index = lines.length - 1; index >= 0; index--) {
      try {
        const line: unknown = JSON.parse(lines[index]!);
        if (typeof line !== 'object' || line === null || !('type' in line) || !('message' in line) || 'isMeta' in line) continue;
        if (line.type !== 'user' && line.type !== 'assistant') continue;
        const text = promptText(line.message).trim();
        if (text) return { role: line.type, text };
      } catch {
        // the first line, cut by the tail buffer, or not JSON
      }
    }
    return undefined;
  } finally {
    await handle.close();
  }
}

function promptText(message: unknown): string {
  if (typeof message !== 'object' || message === null || !('content' in message)) return '';
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const block of content) {
    if (typeof block === 'object' && block !== null && 'type' in block && block.type === 'text' && 'text' in block && typeof block.text === 'string') texts.push(block.text);
  }
  return texts.join(' ');
}

const MESSAGE_MARK = Buffer.from('{"uuid"');

/** Message lines counted by their prefix (the writer puts uuid first; metadata lines start with type), without parsing them. */
async function countMessageLines(entry: SessionFile): Promise<number> {
  const handle = await open(entry.file, 'r');
  try {
    let count = 0;
    const chunk = Buffer.alloc(1024 * 1024);
    let position = 0;
    let atLineStart = true;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      for (let index = 0; index < bytesRead; index++) {
        if (atLineStart && chunk[index] === MESSAGE_MARK[0] && chunk[index + 1] === MESSAGE_MARK[1] && chunk[index + 2] === MESSAGE_MARK[2]) count++;
        atLineStart = chunk[index] === 0x0a;
      }
      position += bytesRead;
    }
    return count;
  } finally {
    await handle.close();
  }
}
