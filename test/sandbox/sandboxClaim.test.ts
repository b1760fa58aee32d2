// What each analysed command claims, and so which policy it runs under when auto-allowed:
// read-only claims get nothing writable, write claims only the folders they write, anything
// broader the session's areas; network only when claimed.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveWordTargets } from '../../src/permissions/engine/checkPathAccess.js';
import { createPathResolver } from '../../src/permissions/engine/resolvePaths.js';
import { analyzeShellCommand } from '../../src/permissions/shell/analyzeShellCommand.js';
import { claimOfAnalysis } from '../../src/sandbox/sandboxClaim.js';
import { permissionChoices, responseFor } from '../../src/ui/permissions/permissionPrompt.js';

let root: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agentcli-claim-')));
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, 'data'));
  writeFileSync(path.join(root, 'src/a.ts'), 'a\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function claimOf(command: string) {
  const analysis = await analyzeShellCommand(command, { cwd: root, home: os.homedir() });
  const paths = createPathResolver();
  return claimOfAnalysis(analysis, {
    workingDirectories: [root],
    resolveWrite: (access, { command: simple, effects }) => {
      const resolved = resolveWordTargets(access.target, simple.cwd, effects.cwdOverride, { paths });
      return resolved === 'unknown' ? 'unknown' : resolved.map((r) => r.real);
    },
  });
}

describe('claimOfAnalysis', () => {
  it.each(['git status', 'ls src', "find src -name '*.ts' | xargs wc -l", 'cat src/a.ts | grep a'])('read-only: %s', async (command) => {
    expect(await claimOf(command)).toEqual({ kind: 'read-only', network: false });
  });

  it('a redirect claims the folder of the file it writes, nothing else', async () => {
    expect(await claimOf('echo x > src/out.txt')).toEqual({ kind: 'writes', places: [path.join(root, 'src')], network: false });
  });

  it('deleting a folder claims its parent (a rename or unlink is a write to the folder holding it)', async () => {
    expect(await claimOf('rm -r data')).toMatchObject({ kind: 'writes', places: [root] });
  });

  it('a write into a folder that does not exist yet claims the nearest one that does', async () => {
    expect(await claimOf('mkdir -p dist/a/b')).toMatchObject({ kind: 'writes', places: [root] });
  });

  it('a write outside the working directories claims nothing writable (it fails in the sandbox, and the user is asked)', async () => {
    expect(await claimOf('echo x > /var/tmp/agentcli-elsewhere.txt')).toEqual({ kind: 'writes', places: [], network: false });
  });

  it('open-ended programs get the session areas, and may use the network', async () => {
    expect(await claimOf('npm test')).toEqual({ kind: 'session', network: true });
    expect(await claimOf("python3 -c 'print(1)'")).toEqual({ kind: 'session', network: true });
  });

  it('a network client claims the network', async () => {
    expect((await claimOf('curl -s https://example.com')).network).toBe(true);
  });
});

describe('the permission dialog for a sandboxed command', () => {
  it('offers running outside the sandbox as its own answer, once', () => {
    const choices = permissionChoices(['Bash(npm test:*)'], { sandboxed: true });
    expect(choices.map((choice) => choice.label)).toEqual([
      'Yes (in the sandbox)',
      "Yes, and don't ask again for Bash(npm test:*) in this project (.claude/settings.local.json)",
      'No, and tell the model what to do differently (esc)',
      // Last: 3 stays No, the number users know; running outside the sandbox is never a slip of habit.
      'Yes, run it outside the sandbox this once',
    ]);
    const outside = choices[3]!.value;
    expect(outside.kind !== 'deny_with_feedback' && responseFor(outside)).toEqual({ type: 'allow_once', outsideSandbox: true });
  });

  it('without the sandbox the dialog is as before', () => {
    expect(permissionChoices(undefined).map((choice) => choice.label)).toEqual(['Yes', 'No, and tell the model what to do differently (esc)']);
  });
});
