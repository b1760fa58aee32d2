// Tool-call subjects for engine tests, made the way the session makes them:
// a real tool's declarations (family, declared paths and URL) for a sample
// input, described by describeCall. The permission engine sees only these
// declarations; a tool it has never heard of (MultiEdit here) is just a
// declaration too.
import path from 'node:path';
import { z } from 'zod';
import { buildTool, type Tool } from '../../../src/contract/tool.js';
import { describeCall } from '../../../src/permissions/canUseTool.js';
import type { DecisionEnvironment, ToolCallSubject } from '../../../src/permissions/engine/decisionTypes.js';
import { analyzeShellCommand } from '../../../src/permissions/shell/analyzeShellCommand.js';
import { declareCall } from '../../../src/services/tools/prepareToolCall.js';
import { getAllBaseTools } from '../../../src/tools.js';

/** An editing tool no table anywhere lists: it is an editor only because it says so. */
export const syntheticEditor: Tool<{ file_path: string }, string> = buildTool({
  name: 'MultiEdit',
  inputSchema: () => z.strictObject({ file_path: z.string() }),
  description: () => 'edits a file several times',
  prompt: () => 'Edits a file several times.',
  family: 'edit',
  declareFacts: (input, scope) => ({ paths: [{ path: path.resolve(scope.cwd, input.file_path), access: 'write' }] }),
  call: async () => ({ data: 'edited' }),
});

const SAMPLE_INPUTS: Readonly<Record<string, (target: string) => unknown>> = {
  Read: (file) => ({ file_path: file }),
  Write: (file) => ({ file_path: file, content: '' }),
  Edit: (file) => ({ file_path: file, old_string: 'a', new_string: 'b' }),
  MultiEdit: (file) => ({ file_path: file }),
  NotebookEdit: (file) => ({ notebook_path: file, new_source: '' }),
  Grep: (dir) => ({ pattern: 'x', path: dir }),
  Glob: (dir) => ({ pattern: '*', path: dir }),
  WebFetch: (url) => ({ url }),
};

function findTool(name: string): Tool | undefined {
  return [...getAllBaseTools(), syntheticEditor].find((tool) => tool.name.toLowerCase() === name.toLowerCase());
}

/**
 * `toolName` with a path or URL, as the tool of that name declares it. The
 * name keeps the caller's spelling (a model that writes `write`); an MCP or
 * unknown name becomes an `other` tool that declares nothing.
 */
export async function toolSubject(
  env: Pick<DecisionEnvironment, 'cwd' | 'home'>,
  toolName: string,
  extra: { readonly path?: string; readonly url?: string; readonly isReadOnly?: boolean } = {},
): Promise<ToolCallSubject> {
  const tool = findTool(toolName);
  const sample = tool ? SAMPLE_INPUTS[tool.name] : undefined;
  if (!tool || !sample) return { toolName, family: tool?.family ?? 'other', isReadOnly: extra.isReadOnly ?? false };
  const target = extra.url ?? extra.path ?? '.';
  const call = await declareCall(tool, sample(target), { cwd: env.cwd, home: env.home });
  const described = describeCall(tool, call);
  return { ...described, toolName, isReadOnly: extra.isReadOnly ?? described.isReadOnly };
}

/** A shell command as the execute tool declares it: analysed once, against the environment's cwd. */
export async function shellSubject(env: Pick<DecisionEnvironment, 'cwd' | 'home'>, command: string): Promise<ToolCallSubject> {
  return { toolName: 'Bash', family: 'execute', isReadOnly: false, shell: await analyzeShellCommand(command, { cwd: env.cwd, home: env.home }) };
}
