// Small real trees for the search tests, with controlled modification times.
import { mkdir, mkdtemp, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ToolUseContext } from '../../../src/contract/tool.js';
import { emptyRuleSet } from '../../../src/permissions/canUseTool.js';
import type { ToolPermissionContext } from '../../../src/contract/permissions.js';
import { createAppStateStore, initialAppState } from '../../../src/state/appState.js';
import { createReadFileState } from '../../../src/state/readFileState.js';
import { BackgroundTaskRegistry } from '../../../src/tasks/backgroundTasks.js';

export type FixtureFile = { readonly path: string; readonly content?: string; readonly ageSeconds?: number };

/** Writes the files under a fresh temp folder; ageSeconds sets mtime that many seconds in the past. */
export async function makeTree(files: readonly FixtureFile[]): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'agentcli-search-'));
  const now = Date.now() / 1000;
  for (const file of files) {
    const target = path.join(root, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content ?? `${file.path}\n`);
    if (file.ageSeconds !== undefined) {
      const when = now - file.ageSeconds;
      await utimes(target, when, when);
    }
  }
  return root;
}

/** A complete tool context for calling a tool directly (outside the loop). */
export function toolContext(cwd: string, signal: AbortSignal = new AbortController().signal): ToolUseContext {
  const permissionContext: ToolPermissionContext = {
    mode: 'default',
    workingDirectories: [cwd],
    isBypassAvailable: false,
    rules: emptyRuleSet(),
  };
  return {
    abortSignal: signal,
    toolUseId: 'toolu_test',
    cwd,
    projectRoot: cwd,
    session: { id: 'test-session', dir: path.join(os.tmpdir(), 'agentcli-test-session'), configDir: os.tmpdir() },
    readFileState: createReadFileState(),
    tools: [],
    messages: [],
    model: 'test-model',
    isInteractive: false,
    appState: createAppStateStore(initialAppState(permissionContext)),
    mcpClients: [],
    backgroundTasks: new BackgroundTaskRegistry(),
  };
}
