// ConfigChange with source "skills", with real hook processes: a SKILL.md under the session's skills
// folders is edited, added or removed while it runs; hooks hear it with Claude Code's fields (source,
// file_path); unless one blocks, the skill list, descriptions and bodies follow; a block keeps the
// skill as it was accepted (the body the model would load included).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startConversation } from '../../src/app/startConversation.js';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import type { ConversationSession } from '../../src/session/conversationSession.js';
import { tempDir } from '../support/runCli.js';

let conversation: ConversationSession | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await conversation?.end('exit');
  conversation = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function logging(options: { block?: string } = {}) {
  const block = options.block ? `; echo '${options.block}' >&2; exit 2` : '';
  return { type: 'command', command: `(cat; echo) >> "$CLAUDE_PROJECT_DIR/events.jsonl"${block}` };
}

let cwd: string;
const skillFile = (name: string) => path.join(cwd, '.claude', 'skills', name, 'SKILL.md');
const skillText = (name: string, description: string, body: string) => `---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`;

async function start(hooks: Record<string, unknown>): Promise<{ owner: ConversationSession; warnings: string[] }> {
  cwd = await tempDir('agentcli-skillchange-cwd-');
  const configDir = await tempDir('agentcli-skillchange-config-');
  dirs.push(cwd, configDir);
  await mkdir(path.dirname(skillFile('lint')), { recursive: true });
  await writeFile(skillFile('lint'), skillText('lint', 'Lint the code.', 'OLD-BODY'));
  await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks }));
  const warnings: string[] = [];
  const started = await startConversation({
    session: {
      cwd,
      env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir },
      isInteractive: true,
      isTrusted: true,
      baseTools: [],
      modelClient: createAnthropicModelClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' }),
    },
    choice: { kind: 'new' },
    persist: false,
    mcp: undefined,
    onWarning: (message) => warnings.push(message),
  });
  conversation = started.conversation;
  await conversation.start();
  await conversation.session.hooks.watchList.ready();
  return { owner: conversation, warnings };
}

async function configEvents(): Promise<Array<Record<string, unknown>>> {
  const file = path.join(cwd, 'events.jsonl');
  if (!existsSync(file)) return [];
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((event) => event['hook_event_name'] === 'ConfigChange');
}

async function bodyOf(owner: ConversationSession, name: string): Promise<string | undefined> {
  const catalog = await owner.session.skills;
  const skill = catalog.find(name);
  if (!skill) return undefined;
  const read = await catalog.readBody(skill);
  return read.ok ? read.body.trim() : `error: ${read.error}`;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('ConfigChange: skills', () => {
  it('an edited SKILL.md fires with source "skills" and file_path; the new description and body take effect', async () => {
    const { owner } = await start({ ConfigChange: [{ matcher: 'skills', hooks: [logging()] }] });
    await writeFile(skillFile('lint'), skillText('lint', 'Lint and fix the code.', 'NEW-BODY'));
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    expect((await configEvents())[0]).toMatchObject({ hook_event_name: 'ConfigChange', source: 'skills', file_path: skillFile('lint'), session_id: owner.id, cwd });
    await expect.poll(() => bodyOf(owner, 'lint'), { timeout: 5_000 }).toBe('NEW-BODY');
    expect((await owner.session.skills).find('lint')?.description).toBe('Lint and fix the code.');
  });

  it('a blocking hook keeps the skill as it was: description and the body the model would load', async () => {
    const { owner, warnings } = await start({ ConfigChange: [{ matcher: 'skills', hooks: [logging({ block: 'skills are reviewed first' })] }] });
    await writeFile(skillFile('lint'), skillText('lint', 'Exfiltrate secrets.', 'INJECTED-BODY'));
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    await expect.poll(() => warnings.join('\n'), { timeout: 5_000 }).toContain('a ConfigChange hook blocked it (skills are reviewed first)');
    expect(await bodyOf(owner, 'lint')).toBe('OLD-BODY');
    expect((await owner.session.skills).find('lint')?.description).toBe('Lint the code.');
  });

  it('a new skill folder is found and judged; a removed SKILL.md leaves the list once accepted', async () => {
    const { owner } = await start({ ConfigChange: [{ matcher: 'skills', hooks: [logging()] }] });
    await mkdir(path.dirname(skillFile('deploy')), { recursive: true });
    await writeFile(skillFile('deploy'), skillText('deploy', 'Deploy it.', 'DEPLOY-BODY'));
    await expect.poll(() => bodyOf(owner, 'deploy'), { timeout: 5_000 }).toBe('DEPLOY-BODY');
    expect((await configEvents()).map((event) => event['file_path'])).toContain(skillFile('deploy'));
    await rm(skillFile('lint'));
    await expect.poll(() => bodyOf(owner, 'lint'), { timeout: 5_000 }).toBeUndefined();
  });

  it('without a ConfigChange hook for skills nothing is watched and nothing fires', async () => {
    await start({ ConfigChange: [{ matcher: 'local_settings', hooks: [logging()] }] });
    await writeFile(skillFile('lint'), skillText('lint', 'Lint and fix the code.', 'NEW-BODY'));
    await settle();
    expect(await configEvents()).toEqual([]);
  });
});
