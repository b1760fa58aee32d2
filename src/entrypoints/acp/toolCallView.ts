/**
 * How a tool call looks to an ACP client: its kind (the icon and grouping
 * the editor picks), title, the files it touches (the editor's "follow
 * along"), and, once it has run, its content — a diff for a file change,
 * the output for everything else.
 *
 * Everything here is derived from what the tool declares about the call
 * (its family and the facts of the prepared call: paths, URL, analysed
 * shell command) and from the shape of its output, never from a table of
 * tool names, so MCP tools and tools added later are described the same way.
 */
import { stat } from 'node:fs/promises';
import type { ToolCallContent, ToolCallLocation, ToolKind } from '@agentclientprotocol/sdk';
import type { ChangePreview, PreparedCall, Tool } from '../../contract/tool.js';
import type { ToolCallOutcome } from '../../services/tools/toolExecution.js';
import type { FilePatch } from '../../utils/files/structuredPatch.js';
import { displayPath } from '../../utils/files/filePaths.js';

export type ToolCallView = {
  readonly kind: ToolKind;
  readonly title: string;
  readonly locations: ToolCallLocation[];
};

const MAX_TITLE_CHARS = 120;

/** The call as the client first sees it in full: prepared (parsed, facts declared) when it could be. */
export async function describeToolCall(tool: Tool, call: PreparedCall | undefined, cwd: string): Promise<ToolCallView> {
  const kind = call ? await kindOfCall(tool, call) : kindOfFamily(tool);
  return { kind, title: await titleOf(tool, call, cwd), locations: locationsOf(call) };
}

/**
 * The family says what kind of thing the tool does; the facts refine it:
 * a reading tool given a folder or asked to recurse is a search. A tool of
 * no family that declares nothing and changes nothing outside the session
 * (its task list, a subagent's thinking, a mode) is the agent thinking.
 */
async function kindOfCall(tool: Tool, call: PreparedCall): Promise<ToolKind> {
  const family = kindOfFamily(tool);
  if (family === 'read') {
    const paths = call.facts.paths ?? [];
    if (paths.some((access) => access.recursive === true)) return 'search';
    if (await anyDirectory(paths.map((access) => access.path))) return 'search';
    return 'read';
  }
  if (family === 'other' && !tool.isMcp && isEmptyFacts(call) && readOnly(tool, call)) return 'think';
  return family;
}

/** The kind before the call's input is known: the tool's family alone. */
export function kindOfFamily(tool: Tool): ToolKind {
  switch (tool.family) {
    case 'read':
      return 'read';
    case 'edit':
      return 'edit';
    case 'execute':
      return 'execute';
    case 'network':
      return 'fetch';
    case 'other':
      return 'other';
  }
}

function isEmptyFacts(call: PreparedCall): boolean {
  return (call.facts.paths ?? []).length === 0 && call.facts.url === undefined && call.facts.shell === undefined;
}

function readOnly(tool: Tool, call: PreparedCall): boolean {
  try {
    return tool.isReadOnly(call);
  } catch {
    return false;
  }
}

async function anyDirectory(paths: readonly string[]): Promise<boolean> {
  const kinds = await Promise.all(paths.map((path) => stat(path).then((stats) => stats.isDirectory(), () => false)));
  return kinds.some(Boolean);
}

/** A shell command is its own best title (as editors show it); other calls say what they do, paths shown from the cwd. */
async function titleOf(tool: Tool, call: PreparedCall | undefined, cwd: string): Promise<string> {
  const shell = call?.facts.shell?.source;
  if (shell !== undefined) return clip(`\`${shell.replace(/\s*\n\s*/g, ' ')}\``);
  let described: string;
  try {
    const input = call?.input;
    described = await tool.description(typeof input === 'object' && input !== null ? input : undefined);
  } catch {
    described = tool.userFacingName();
  }
  for (const access of call?.facts.paths ?? []) described = described.split(access.path).join(displayPath(access.path, cwd));
  if (tool.isMcp && tool.mcpInfo) described = `${tool.mcpInfo.serverName}: ${tool.mcpInfo.toolName}`;
  return clip(described);
}

function clip(text: string): string {
  return text.length > MAX_TITLE_CHARS ? `${text.slice(0, MAX_TITLE_CHARS - 1)}…` : text;
}

function locationsOf(call: PreparedCall | undefined): ToolCallLocation[] {
  const seen = new Set<string>();
  const locations: ToolCallLocation[] = [];
  for (const access of call?.facts.paths ?? []) {
    if (seen.has(access.path)) continue;
    seen.add(access.path);
    locations.push({ path: access.path });
  }
  return locations;
}

/**
 * What the client shows under a finished call. A result whose data carries
 * a file patch (the file tools' change) becomes a diff of the changed
 * region; shell output is shown as a console block; anything else is its
 * tool_result text.
 */
export function toolCallContent(outcome: ToolCallOutcome, kind: ToolKind): ToolCallContent[] {
  const diff = outcome.status === 'success' ? diffOf(outcome.data) : undefined;
  if (diff) return [diff];
  const text = resultText(outcome);
  if (text === '') return [];
  const shown = kind === 'execute' && outcome.status !== 'denied' && outcome.status !== 'rejected' ? fenced(text) : text;
  return [{ type: 'content', content: { type: 'text', text: shown } }];
}

export function resultText(outcome: ToolCallOutcome): string {
  const content = outcome.result.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

function fenced(text: string): string {
  const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}console\n${text.replace(/\n$/, '')}\n${fence}`;
}

/** A change worked out before it is made (a permission request's preview). */
export function diffContent(preview: ChangePreview): ToolCallContent {
  return { type: 'diff', path: preview.path, oldText: preview.oldText ?? null, newText: preview.newText };
}

type PatchedOutput = { readonly filePath: string; readonly patch: FilePatch };

function isPatchedOutput(data: unknown): data is PatchedOutput {
  if (typeof data !== 'object' || data === null) return false;
  const candidate: { filePath?: unknown; patch?: unknown } = data;
  const patch = candidate.patch;
  return typeof candidate.filePath === 'string' && typeof patch === 'object' && patch !== null && 'hunks' in patch && Array.isArray(patch.hunks);
}

/**
 * The patch's hunks as the old and new text of the changed region: context
 * and removed lines on one side, context and added lines on the other.
 * Hunks are separated by an elision line so distant changes stay apart.
 */
function diffOf(data: unknown): ToolCallContent | undefined {
  if (!isPatchedOutput(data) || data.patch.gaveUp || data.patch.hunks.length === 0) return undefined;
  const oldParts: string[] = [];
  const newParts: string[] = [];
  for (const hunk of data.patch.hunks) {
    oldParts.push(hunk.lines.filter((line) => !line.startsWith('+')).map((line) => line.slice(1)).join('\n'));
    newParts.push(hunk.lines.filter((line) => !line.startsWith('-')).map((line) => line.slice(1)).join('\n'));
  }
  const created = data.patch.removals === 0 && data.patch.hunks.length === 1 && data.patch.hunks[0]!.oldLines === 0;
  return {
    type: 'diff',
    path: data.filePath,
    oldText: created ? null : oldParts.join('\n…\n'),
    newText: newParts.join('\n…\n'),
  };
}
