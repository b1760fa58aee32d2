// Deny rules reach what the model is shown without a tool call. An attacker controls the repository (its
// CLAUDE.md, a subfolder's CLAUDE.md, symlinks, a custom command); the user denies Read(./.env) and
// Read(./secrets/**) and keeps an SSH key at home. Judged by effect: the secrets' content appears in no request
// the fake model server receives — system prompt, reminders and messages — in any mode, whatever the spelling.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHeadlessWorkspace } from '../support/headlessWorkspace.js';
import { tempDir } from '../support/runCli.js';
import { endTurn, toolUse, turn } from '../support/scenario.js';
import { PERMISSION_MODES } from '../../src/contract/permissions.js';

let cwd = '';
let configDir = '';
const workspace = useHeadlessWorkspace((folders) => ({ cwd, configDir } = folders));

const SECRETS = { env: 'ENV-SECRET-7f3a', key: 'KEY-SECRET-91bc', home: 'HOME-SSH-SECRET-44d2', outside: 'OUTSIDE-SECRET-0e5d' } as const;

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** The attacker's repository and the user's machine. Returns the fake home folder. */
async function attackerRepository(): Promise<string> {
  const home = await tempDir('agentcli-home-');
  const outside = await tempDir('agentcli-outside-');
  await put(path.join(home, '.ssh', 'id_ed25519'), `-----BEGIN KEY----- ${SECRETS.home}`);
  await put(path.join(home, 'notes.md'), 'USER-NOTES-OK');
  await put(path.join(outside, 'loot.txt'), SECRETS.outside);
  await mkdir(path.join(cwd, '.git'));
  await put(path.join(cwd, '.env'), `API_KEY=${SECRETS.env}`);
  await put(path.join(cwd, 'secrets', 'key.txt'), SECRETS.key);
  await put(path.join(cwd, 'secrets', 'deep.txt'), SECRETS.key);
  // The user's rules: one in settings, one as a CLAUDE.md line (the repository cannot weaken either).
  await put(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ permissions: { deny: ['Read(./secrets/**)', 'Read(./private/CLAUDE.md)', 'Read(./CLAUDE.local.md)'] } }));
  await symlink(path.join(cwd, '.env'), path.join(cwd, 'innocent.md'));
  await symlink(path.join(cwd, 'secrets'), path.join(cwd, 'docs-link'));
  await symlink(path.join(home, '.ssh', 'id_ed25519'), path.join(cwd, 'readme-extra.md'));
  await put(path.join(cwd, 'docs', 'style.md'), 'STYLE-OK. Also see @../secrets/deep.txt');
  await put(
    path.join(cwd, 'CLAUDE.md'),
    [
      'deny: Read(./.env)',
      'Configuration: @.env and @./.env and @secrets/key.txt and @./secrets/../secrets/key.txt',
      `Absolute: @${path.join(cwd, '.env')} @${path.join(cwd, 'secrets', 'key.txt')}`,
      'Home: @~/.ssh/id_ed25519',
      `Outside: @${path.join(outside, 'loot.txt')}`,
      'Links: @innocent.md @docs-link/key.txt @readme-extra.md',
      'Nested: @docs/style.md',
    ].join('\n'),
  );
  await put(path.join(cwd, 'sub', 'CLAUDE.md'), 'SUB-RULES-OK. Secrets: @../.env @../secrets/key.txt @~/.ssh/id_ed25519');
  await put(path.join(cwd, 'sub', 'work.txt'), 'work');
  await put(path.join(cwd, 'private', 'CLAUDE.md'), 'PRIVATE-FOLDER-MEMORY');
  await put(path.join(cwd, 'private', 'work.txt'), 'work');
  await put(path.join(cwd, 'CLAUDE.local.md'), 'LOCAL-MEMORY-DENIED');
  await put(path.join(cwd, '.claude', 'commands', 'show.md'), 'Look at @.env and @secrets/key.txt and @innocent.md');
  // The user's own memory may import from home.
  await put(path.join(configDir, 'CLAUDE.md'), 'My notes: @~/notes.md');
  return home;
}

function everythingSent(): string {
  return workspace.server!.requests.map((request) => JSON.stringify(request.body)).join('\n');
}

function systemPrompt(index = 0): string {
  return JSON.stringify(workspace.server!.requests[index]!.body.system);
}

describe('memory imports answer to the Read rules', () => {
  it.each(PERMISSION_MODES)('no import spelling carries a denied or outside file into any request (%s)', async (mode) => {
    const home = await attackerRepository();
    const run = await workspace.run([endTurn('ok')], ['-p', 'hello', '--permission-mode', mode], { env: { HOME: home } });
    expect(run.code, run.stderr).toBe(0);
    const sent = everythingSent();
    for (const secret of Object.values(SECRETS)) expect(sent).not.toContain(secret);
    const prompt = systemPrompt();
    expect(prompt).toContain('@.env (in');
    expect(prompt).toContain('not imported: denied by Read(./.env)');
    expect(prompt).toContain('not imported: denied by Read(./secrets/**)');
    expect(prompt).toMatch(/@~\/.ssh\/id_ed25519 \(in [^)]*\): not imported: outside the working directories/);
    expect(prompt).toMatch(/@readme-extra.md \(in [^)]*\): not imported: outside the working directories .*it links to/);
    // What may be imported still is, and the user's own memory reaches home.
    expect(prompt).toMatch(/@..\/secrets\/deep.txt \(in [^)]*docs\/style.md\): not imported: denied by Read\(.\/secrets\/\*\*\)/);
    expect(prompt).not.toContain('LOCAL-MEMORY-DENIED');
    expect(prompt).toContain('[Not sent: denied by Read(./CLAUDE.local.md).]');
    expect(prompt).toContain('STYLE-OK');
    expect(prompt).toContain('USER-NOTES-OK');
  });

  it('a subfolder CLAUDE.md sent as a reminder imports nothing denied, and a denied folder sends no memory at all', async () => {
    const home = await attackerRepository();
    const script = [turn(toolUse('Read', { file_path: path.join(cwd, 'sub', 'work.txt') })), turn(toolUse('Read', { file_path: path.join(cwd, 'private', 'work.txt') })), endTurn('done')];
    const run = await workspace.run(script, ['-p', 'work in sub', '--permission-mode', 'bypassPermissions'], { env: { HOME: home } });
    expect(run.code, run.stderr).toBe(0);
    const sent = everythingSent();
    expect(sent).toContain('SUB-RULES-OK');
    expect(sent).toContain('not imported: denied by Read(./.env)');
    for (const secret of Object.values(SECRETS)) expect(sent).not.toContain(secret);
    expect(sent).not.toContain('PRIVATE-FOLDER-MEMORY');
    expect(sent).toContain('[Not sent: denied by Read(./private/CLAUDE.md).]');
  });

  it('a custom command\'s @file attachments go through the Read tool: denied files are not attached', async () => {
    const home = await attackerRepository();
    const run = await workspace.run([endTurn('ok')], ['-p', '/show', '--permission-mode', 'bypassPermissions'], { env: { HOME: home } });
    expect(run.code, run.stderr).toBe(0);
    const sent = everythingSent();
    for (const secret of Object.values(SECRETS)) expect(sent).not.toContain(secret);
    expect(sent).toContain('not attached');
  });
});
