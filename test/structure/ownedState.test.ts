// deps:check's ownership rule, run for real on a small tree: only PermissionState writes the
// permission context; reads and type annotations elsewhere are fine, any write elsewhere fails.
import { execFile } from 'node:child_process';
import { cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tempDir } from '../support/runCli.js';

const run = promisify(execFile);

async function treeWith(files: Record<string, string>): Promise<string> {
  const root = await tempDir('agentcli-deps-');
  await cp(path.join(REPO_ROOT, 'scripts'), path.join(root, 'scripts'), { recursive: true });
  await cp(path.join(REPO_ROOT, 'tsconfig.json'), path.join(root, 'tsconfig.json'));
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

async function check(root: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'scripts', 'checkDependencies.mjs')], { cwd: root });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const OWNER = `import type { AppStateStore } from '../contract/appState.js';
export class PermissionState {
  constructor(private readonly store: AppStateStore) {}
  setMode(mode: 'plan'): void {
    this.store.set((state) => ({ ...state, toolPermissionContext: { ...state.toolPermissionContext, mode } }));
  }
}
`;
const CONTRACT = `export type AppState = { readonly toolPermissionContext: { readonly mode: string } };
export type AppStateStore = { get(): AppState; set(update: (previous: AppState) => AppState): void };
`;

describe('deps:check: one owner of the permission state', () => {
  it('passes when only PermissionState writes it and others read it', async () => {
    const root = await treeWith({
      'src/contract/appState.ts': CONTRACT,
      'src/permissions/permissionState.ts': OWNER,
      'src/commands/showMode.ts': `import type { AppStateStore } from '../contract/appState.js';\nexport const showMode = (appState: AppStateStore): string => appState.get().toolPermissionContext.mode;\n`,
    });
    const result = await check(root);
    expect(result.output).not.toContain('writes the permission state');
    expect(result.code).toBe(0);
  }, 60_000);

  it('attack: a front end rewriting the mode in place fails the check, naming the file, the line and the owner', async () => {
    const root = await treeWith({
      'src/contract/appState.ts': CONTRACT,
      'src/permissions/permissionState.ts': OWNER,
      'src/entrypoints/setMode.ts': `import type { AppStateStore } from '../contract/appState.js';
export function setMode(appState: AppStateStore): void {
  appState.set((state) => ({
    ...state,
    toolPermissionContext: { ...state.toolPermissionContext, mode: 'bypassPermissions' },
  }));
}
`,
    });
    const result = await check(root);
    expect(result.code).toBe(1);
    expect(result.output).toContain('src/entrypoints/setMode.ts:5: writes the permission state');
    expect(result.output).toContain('owned by src/permissions/permissionState.ts');
  }, 60_000);
});
