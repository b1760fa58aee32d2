// One project location per start: each field has one meaning (src/settings/projectLocation.ts),
// and the loaders read the folder their field names — tested from a subfolder of a repository,
// where cwd and repository root differ.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSession } from '../../src/app/createSession.js';
import { locateProject } from '../../src/app/projectLocation.js';
import { loadCommandCatalog } from '../../src/app/commandCatalog.js';
import { tempDir } from '../support/runCli.js';

let repo: string;
let sub: string;
let configDir: string;

beforeEach(async () => {
  repo = await tempDir('agentcli-location-');
  configDir = await tempDir('agentcli-location-config-');
  sub = path.join(repo, 'packages', 'web');
  await mkdir(path.join(repo, '.git'), { recursive: true });
  await mkdir(sub, { recursive: true });
});

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

describe('the project location', () => {
  it('cwd is where agentcli started, the repository root the nearest folder above with .git; the flags ride along', () => {
    const location = locateProject({ cwd: sub, env: { AGENTCLI_CONFIG_DIR: configDir }, settingSources: ['user'], flagSettings: '{}' });
    expect(location).toEqual({ cwd: sub, repositoryRoot: repo, configDir, settingSources: ['user'], flagSettings: '{}' });
    expect(locateProject({ cwd: repo, env: { AGENTCLI_CONFIG_DIR: configDir } }).repositoryRoot).toBe(repo);
  });

  it('the session reads commands and settings in cwd, CLAUDE.md from the repository root down, agents at the repository root', async () => {
    await write(path.join(repo, 'CLAUDE.md'), 'root instructions');
    await write(path.join(sub, 'CLAUDE.md'), 'package instructions');
    await write(path.join(repo, '.claude', 'commands', 'atroot.md'), 'root command');
    await write(path.join(sub, '.claude', 'commands', 'insub.md'), 'sub command');
    await write(path.join(repo, '.claude', 'agents', 'reviewer.md'), '---\nname: reviewer\ndescription: Reviews\n---\nReview.');
    await write(path.join(sub, '.claude', 'settings.json'), JSON.stringify({ outputStyle: 'Explanatory' }));
    const session = await createSession({ cwd: sub, env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir }, isInteractive: false, isTrusted: true });
    expect(session.location).toMatchObject({ cwd: sub, repositoryRoot: repo, configDir });
    expect(session.settings).toBe(session.location);
    expect(session.outputStyle.name).toBe('Explanatory');
    expect(session.memoryFiles.map((file) => file.path)).toEqual(expect.arrayContaining([path.join(repo, 'CLAUDE.md'), path.join(sub, 'CLAUDE.md')]));
    expect((await session.agentCatalog).agents.map((agent) => agent.agentType)).toContain('reviewer');
    const commands = (await loadCommandCatalog(session, 'headless')).fixed().map((command) => command.name);
    expect(commands).toContain('insub');
    expect(commands).not.toContain('atroot');
  });
});
