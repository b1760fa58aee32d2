// Fixtures in Claude Code's formats, written for these tests: a marketplace in a local git
// repository holding two plugins — alpha (a command, an agent, a skill with a supporting file, a
// hook using ${CLAUDE_PLUGIN_ROOT}) and beta (an MCP server started from ${CLAUDE_PLUGIN_ROOT}).
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../support/runCli.js';
import { writeFiles } from '../support/writeFiles.js';

const TEST_SERVER = path.resolve('test/mcp/fixtures/testServer.mjs');


export const ALPHA_FILES: Record<string, string> = {
  '.claude-plugin/plugin.json': JSON.stringify({ name: 'alpha', version: '1.0.0', description: 'Alpha tools', author: { name: 'Tests' } }),
  'commands/hello.md': '---\ndescription: Say hello from alpha\n---\nALPHA-COMMAND from ${CLAUDE_PLUGIN_ROOT} for $ARGUMENTS',
  'agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews changes for alpha\ntools: Read\n---\nYou are the alpha reviewer.',
  'skills/tidy/SKILL.md': '---\ndescription: Tidy the workspace the alpha way\n---\nTIDY-BODY: follow guide.md in ${CLAUDE_SKILL_DIR}',
  'skills/tidy/guide.md': 'GUIDE-CONTENT',
  'hooks/hooks.json': JSON.stringify({
    hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: 'sh "${CLAUDE_PLUGIN_ROOT}/hooks/mark.sh"' }] }] },
  }),
  'hooks/mark.sh': 'printf "%s" "$CLAUDE_PLUGIN_ROOT" > "$CLAUDE_PROJECT_DIR/alpha-hook-ran"\necho "alpha hook context"\n',
};

export const BETA_FILES: Record<string, string> = {
  '.claude-plugin/plugin.json': JSON.stringify({ name: 'beta', version: '0.2.0', description: 'Beta server' }),
  '.mcp.json': JSON.stringify({ mcpServers: { 'beta-tools': { command: process.execPath, args: ['${CLAUDE_PLUGIN_ROOT}/server.mjs'] } } }),
  'server.mjs': `await import(${JSON.stringify(pathToFileURL(TEST_SERVER).href)});\n`,
};

/** A git repository with the marketplace; returns its file:// URL and folder. */
export async function gitMarketplace(): Promise<{ url: string; dir: string }> {
  const dir = await tempDir('agentcli-marketplace-');
  await writeFiles(dir, {
    '.claude-plugin/marketplace.json': JSON.stringify({
      name: 'team-tools',
      owner: { name: 'Tests' },
      plugins: [
        { name: 'alpha', source: './plugins/alpha', description: 'Alpha tools' },
        { name: 'beta', source: './plugins/beta', description: 'Beta server' },
      ],
    }),
    ...Object.fromEntries(Object.entries(ALPHA_FILES).map(([file, text]) => [`plugins/alpha/${file}`, text])),
    ...Object.fromEntries(Object.entries(BETA_FILES).map(([file, text]) => [`plugins/beta/${file}`, text])),
  });
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Tests', '-c', 'user.email=tests@example.com', ...args], { cwd: dir, stdio: 'pipe' });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'marketplace');
  return { url: pathToFileURL(dir).href, dir };
}

export async function pluginFolder(files: Record<string, string>): Promise<string> {
  const dir = await tempDir('agentcli-plugin-');
  await writeFiles(dir, files);
  return dir;
}
