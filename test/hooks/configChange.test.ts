// ConfigChange with real hook processes: a settings file the session uses changes — edited
// outside, or written by agentcli itself ("don't ask again", /output-style) — and the hooks hear
// it with Claude Code's fields (source, file_path). Unless a hook blocks (exit 2 / decision block),
// the file's permission rules and output style take effect at once; a block keeps the session on
// the settings it had (the file on disk stays as written).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startConversation } from '../../src/app/startConversation.js';
import { ruleSetOf } from '../../src/permissions/canUseTool.js';
import { allowAlwaysHandler } from '../../src/permissions/allowAlways.js';
import { createPermissionRulesAccess } from '../../src/commands/permissionRulesAccess.js';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import { updateJsonObjectFile } from '../../src/settings/updateSettingsFile.js';
import type { ConversationSession } from '../../src/session/conversationSession.js';
import { tempDir } from '../support/runCli.js';

let conversation: ConversationSession | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await conversation?.end('exit');
  conversation = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Appends its input to events.jsonl; `block` makes it refuse the change (exit 2, the reason on stderr). */
function logging(options: { block?: string } = {}) {
  const block = options.block ? `; echo '${options.block}' >&2; exit 2` : '';
  return { type: 'command', command: `(cat; echo) >> "$CLAUDE_PROJECT_DIR/events.jsonl"${block}` };
}

let cwd: string;
let configDir: string;
const localFile = () => path.join(cwd, '.claude', 'settings.local.json');

function start(hooks: Record<string, unknown>): Promise<{ owner: ConversationSession; warnings: string[] }> {
  return startWith(undefined, hooks);
}

/** A session whose settings.local.json starts as `local` (none when undefined) and whose project settings hold `hooks`. */
async function startWith(local: unknown, hooks: Record<string, unknown>): Promise<{ owner: ConversationSession; warnings: string[] }> {
  cwd = await tempDir('agentcli-configchange-cwd-');
  configDir = await tempDir('agentcli-configchange-config-');
  dirs.push(cwd, configDir);
  await mkdir(path.join(cwd, '.claude'), { recursive: true });
  await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks }));
  if (local !== undefined) await writeFile(localFile(), JSON.stringify(local));
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
  // The watches are set up beside the start-up.
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

const rulesInForce = (owner: ConversationSession) => () =>
  ruleSetOf(owner.session.appState.get().toolPermissionContext, cwd)
    .rules.filter((rule) => rule.source.origin === localFile())
    .map((rule) => `${rule.behavior} ${rule.rule.text}`);

describe('ConfigChange', () => {
  it('an outside edit of settings.local.json fires with source and file_path, and its rules take effect', async () => {
    const { owner } = await start({ ConfigChange: [{ matcher: 'local_settings', hooks: [logging()] }] });
    await writeFile(localFile(), JSON.stringify({ permissions: { deny: ['Bash(rm:*)'] } }));
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    expect((await configEvents())[0]).toMatchObject({ hook_event_name: 'ConfigChange', source: 'local_settings', file_path: localFile(), session_id: owner.id, cwd });
    await expect.poll(rulesInForce(owner), { timeout: 5_000 }).toEqual(['deny Bash(rm:*)']);
  });

  it('the session\'s settings snapshot (read once at start) is replaced by the accepted contents, and kept after a block', async () => {
    const { owner } = await startWith({ outputStyle: 'default' }, { ConfigChange: [{ matcher: 'local_settings', hooks: [logging()] }] });
    const localValues = () => owner.session.settingsInForce.current().objects.find((layer) => layer.file === localFile())?.values;
    expect(localValues()).toEqual({ outputStyle: 'default' });
    await writeFile(localFile(), JSON.stringify({ permissions: { deny: ['Bash(rm:*)'] } }));
    await expect.poll(localValues, { timeout: 5_000 }).toEqual({ permissions: { deny: ['Bash(rm:*)'] } });
  });

  it('a blocked change leaves the session\'s settings snapshot as it was', async () => {
    const { owner, warnings } = await startWith({ outputStyle: 'default' }, { ConfigChange: [{ hooks: [logging({ block: 'frozen' })] }] });
    const localValues = () => owner.session.settingsInForce.current().objects.find((layer) => layer.file === localFile())?.values;
    await writeFile(localFile(), JSON.stringify({ permissions: { allow: ['Bash(curl:*)'] } }));
    await expect.poll(() => warnings.join('\n'), { timeout: 5_000 }).toContain('a ConfigChange hook blocked it (frozen)');
    expect(localValues()).toEqual({ outputStyle: 'default' });
  });

  it('a blocking hook keeps the old settings in force; the file stays as edited, the user is told', async () => {
    const { owner, warnings } = await start({ ConfigChange: [{ hooks: [logging({ block: 'settings are frozen' })] }] });
    await writeFile(localFile(), JSON.stringify({ permissions: { allow: ['Bash(curl:*)'] } }));
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    await expect.poll(() => warnings.join('\n'), { timeout: 5_000 }).toContain('a ConfigChange hook blocked it (settings are frozen)');
    expect(rulesInForce(owner)()).toEqual([]);
    expect(JSON.parse(await readFile(localFile(), 'utf8'))).toEqual({ permissions: { allow: ['Bash(curl:*)'] } });
  });

  it('"don\'t ask again" writing settings.local.json fires it once (not again for the watcher\'s echo); a block takes the new rule back', async () => {
    const { owner } = await start({ ConfigChange: [{ matcher: 'local_settings', hooks: [logging({ block: 'no new rules' })] }] });
    const context = owner.session.toolUseContext(new AbortController().signal, [], cwd);
    await allowAlwaysHandler()(['Bash(npm test)'], context);
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    await expect.poll(rulesInForce(owner), { timeout: 5_000 }).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await configEvents()).toHaveLength(1);
    expect(JSON.parse(await readFile(localFile(), 'utf8'))).toEqual({ permissions: { allow: ['Bash(npm test)'] } });
  });

  it('"don\'t ask again" without a blocking hook: the rule holds and the hook heard it', async () => {
    const { owner } = await start({ ConfigChange: [{ hooks: [logging()] }] });
    await allowAlwaysHandler()(['Bash(npm test)'], owner.session.toolUseContext(new AbortController().signal, [], cwd));
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    expect(rulesInForce(owner)()).toEqual(['allow Bash(npm test)']);
  });

  it('/permissions add and remove fire it; a blocked add is taken back', async () => {
    const { owner } = await start({ ConfigChange: [{ hooks: [logging({ block: 'rules are reviewed first' })] }] });
    await writeFile(localFile(), JSON.stringify({ permissions: { deny: ['Bash(rm:*)'] } }));
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    const access = createPermissionRulesAccess({ projectRoot: cwd, appState: owner.session.appState, onSaveError: () => undefined });
    expect(await access.addRule('allow', 'Bash(ls:*)')).toMatch(/^Added allow: Bash\(ls:\*\)/);
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(2);
    // The outside edit (deny rm) was blocked too: the session still runs on the rules it started with.
    await expect.poll(rulesInForce(owner), { timeout: 5_000 }).toEqual([]);
    await access.removeRule('Bash(ls:*)');
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(3);
    expect(rulesInForce(owner)()).toEqual([]);
  });

  it('/permissions remove of a rule the session started with: a block keeps the rule in force', async () => {
    const cwdRules = { permissions: { deny: ['Bash(rm:*)'] } };
    const { owner } = await startWith(cwdRules, { ConfigChange: [{ hooks: [logging({ block: 'deny rules stay' })] }] });
    expect(rulesInForce(owner)()).toEqual(['deny Bash(rm:*)']);
    const access = createPermissionRulesAccess({ projectRoot: cwd, appState: owner.session.appState, onSaveError: () => undefined });
    await access.removeRule('Bash(rm:*)');
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    await expect.poll(rulesInForce(owner), { timeout: 5_000 }).toEqual(['deny Bash(rm:*)']);
  });

  it('/output-style saving settings.local.json: a block switches the session back to the style it had', async () => {
    const { owner } = await start({ ConfigChange: [{ hooks: [logging({ block: 'style is fixed' })] }] });
    expect(owner.session.outputStyle.name).toBe('default');
    // What /output-style does: switch now, then save.
    expect(owner.session.setOutputStyle('explanatory')).toBeUndefined();
    await updateJsonObjectFile(localFile(), (current) => ({ ...current, outputStyle: 'explanatory' }));
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    await expect.poll(() => owner.session.outputStyle.name, { timeout: 5_000 }).toBe('default');
  });

  it('the user settings file is followed too (source user_settings); the matcher picks the source', async () => {
    await start({ ConfigChange: [{ matcher: 'user_settings', hooks: [logging()] }, { matcher: 'project_settings', hooks: [logging({ block: 'never for user files' })] }] });
    await writeFile(path.join(configDir, 'settings.json'), JSON.stringify({ permissions: { ask: ['WebFetch'] } }));
    await expect.poll(configEvents, { timeout: 5_000 }).toHaveLength(1);
    expect((await configEvents())[0]).toMatchObject({ source: 'user_settings', file_path: path.join(configDir, 'settings.json') });
    await expect
      .poll(() => ruleSetOf(conversation!.session.appState.get().toolPermissionContext, cwd).rules.some((rule) => rule.behavior === 'ask' && rule.rule.text === 'WebFetch'), { timeout: 5_000 })
      .toBe(true);
  });

  it('nothing is followed once the session has ended', async () => {
    const { owner } = await start({ ConfigChange: [{ hooks: [logging()] }] });
    await owner.end('exit');
    conversation = undefined;
    await writeFile(localFile(), JSON.stringify({ permissions: { deny: ['Read'] } }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await configEvents()).toEqual([]);
  });
});
