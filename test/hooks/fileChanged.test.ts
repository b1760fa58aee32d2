// FileChanged with real hook processes and real files: the session started by startConversation
// watches the files its FileChanged matchers name (and the watchPaths hooks return), fires with
// Claude Code's fields (file_path, event add | change | unlink), follows a `cd`, and stops
// watching when the session ends.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startConversation } from '../../src/app/startConversation.js';
import { createAnthropicModelClient } from '../../src/services/api/anthropicClient.js';
import type { ConversationSession } from '../../src/session/conversationSession.js';
import { runCwdChangedHooks } from '../../src/hooks/lifecycleEventHooks.js';
import { startFileChangedWatcher } from '../../src/hooks/fileChangedHooks.js';
import { createHookSet } from '../../src/hooks/hookSet.js';
import { compileHookMatcher } from '../../src/hooks/hookMatcher.js';
import type { HookRunner } from '../../src/hooks/types.js';
import { tempDir } from '../support/runCli.js';

let conversation: ConversationSession | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await conversation?.end('exit');
  conversation = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A hook that appends its input to events.jsonl, then prints `output` (JSON) when given. */
function logging(output?: unknown) {
  const print = output === undefined ? '' : `; printf '%s' '${JSON.stringify(output)}'`;
  return { type: 'command', command: `(cat; echo) >> "$CLAUDE_PROJECT_DIR/events.jsonl"${print}` };
}

/** Logs its input; answers a change of package.json with watchPaths [next], anything else with []. */
function swapThenClear(next: string): string {
  const answer = (paths: string[]) => `printf '%s' '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'FileChanged', watchPaths: paths } })}'`;
  return `input=$(cat); printf '%s\\n' "$input" >> "$CLAUDE_PROJECT_DIR/events.jsonl"; case "$input" in *package.json*) ${answer([next])};; *) ${answer([])};; esac`;
}

async function workspace(hooks: Record<string, unknown>): Promise<{ cwd: string; configDir: string }> {
  const cwd = await tempDir('agentcli-filechanged-cwd-');
  const configDir = await tempDir('agentcli-filechanged-config-');
  dirs.push(cwd, configDir);
  await mkdir(path.join(cwd, '.claude'), { recursive: true });
  await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks }));
  return { cwd, configDir };
}

async function start(cwd: string, configDir: string): Promise<ConversationSession> {
  const started = await startConversation({
    session: {
      cwd,
      env: { ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: configDir },
      isInteractive: false,
      isTrusted: true,
      baseTools: [],
      modelClient: createAnthropicModelClient({ apiKey: 'k', baseURL: 'http://127.0.0.1:9' }),
    },
    choice: { kind: 'new' },
    persist: false,
    mcp: undefined,
    onWarning: () => undefined,
  });
  conversation = started.conversation;
  await conversation.start();
  await conversation.session.hooks.watchList.ready();
  return conversation;
}

async function fileEvents(cwd: string): Promise<Array<Record<string, unknown>>> {
  const file = path.join(cwd, 'events.jsonl');
  if (!existsSync(file)) return [];
  return (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((event) => event['hook_event_name'] === 'FileChanged');
}

const seen = (cwd: string) => async () => (await fileEvents(cwd)).map((event) => `${event['event']} ${path.relative(cwd, String(event['file_path']))}`);

describe('FileChanged', () => {
  it('a FileChanged hook gets CLAUDE_ENV_FILE: what it exports reaches the session\'s shell commands', async () => {
    const { cwd, configDir } = await workspace({
      FileChanged: [{ matcher: '.envrc', hooks: [{ type: 'command', command: `echo 'export FROM_ENVRC=1' >> "$CLAUDE_ENV_FILE"; echo done >> "$CLAUDE_PROJECT_DIR/ran.txt"` }] }],
    });
    const owner = await start(cwd, configDir);
    await writeFile(path.join(cwd, '.envrc'), 'use nix\n');
    await expect.poll(() => readFile(path.join(cwd, 'ran.txt'), 'utf8').catch(() => ''), { timeout: 5_000 }).toBe('done\n');
    expect(await owner.session.shellEnvironment.settled()).toEqual({ FROM_ENVRC: '1' });
  });

  it('fires for the files the matcher names, with file_path and event add / change / unlink; other files are not watched', async () => {
    const { cwd, configDir } = await workspace({ FileChanged: [{ matcher: '.envrc|.env', hooks: [logging()] }] });
    await writeFile(path.join(cwd, '.env'), 'A=1\n');
    const owner = await start(cwd, configDir);
    await writeFile(path.join(cwd, '.env'), 'A=2\n');
    await expect.poll(seen(cwd), { timeout: 5_000 }).toEqual(['change .env']);
    await writeFile(path.join(cwd, '.envrc'), 'use nix\n');
    await expect.poll(seen(cwd), { timeout: 5_000 }).toEqual(['change .env', 'add .envrc']);
    await writeFile(path.join(cwd, 'other.txt'), 'x');
    await rm(path.join(cwd, '.env'));
    await expect.poll(seen(cwd), { timeout: 5_000 }).toEqual(['change .env', 'add .envrc', 'unlink .env']);
    const [first] = await fileEvents(cwd);
    expect(first).toMatchObject({ session_id: owner.id, cwd, hook_event_name: 'FileChanged', file_path: path.join(cwd, '.env'), event: 'change' });

    // Once the session has ended nothing is watched.
    await owner.end('exit');
    conversation = undefined;
    await writeFile(path.join(cwd, '.envrc'), 'changed after the end\n');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await seen(cwd)()).toHaveLength(3);
  });

  it('watchPaths from SessionStart adds files (a matcher-less hook hears them); a FileChanged answer replaces the list, an empty one clears it', async () => {
    const { cwd, configDir } = await workspace({});
    const extra = path.join(cwd, 'package.json');
    const next = path.join(cwd, 'lock.json');
    await writeFile(
      path.join(cwd, '.claude', 'settings.json'),
      JSON.stringify({
        hooks: {
          SessionStart: [{ hooks: [logging({ hookSpecificOutput: { hookEventName: 'SessionStart', watchPaths: [extra] } })] }],
          // One matcher-less hook (it names no file to watch): it swaps package.json for lock.json, then clears the list.
          FileChanged: [{ matcher: '.*', hooks: [{ type: 'command', command: swapThenClear(next) }] }],
        },
      }),
    );
    const owner = await start(cwd, configDir);
    expect(owner.session.hooks.watchList.dynamicPaths).toEqual([extra]);
    await writeFile(extra, '{}');
    await expect.poll(seen(cwd), { timeout: 5_000 }).toEqual(['add package.json']);
    // package.json's hook swapped the list for lock.json: package.json is no longer watched.
    await expect.poll(() => owner.session.hooks.watchList.dynamicPaths, { timeout: 5_000 }).toEqual([next]);
    await owner.session.hooks.watchList.ready();
    await writeFile(extra, '{"a":1}');
    await writeFile(next, '{}');
    await expect.poll(seen(cwd), { timeout: 5_000 }).toEqual(['add package.json', 'add lock.json']);
    // lock.json's hook cleared the list.
    await expect.poll(() => owner.session.hooks.watchList.dynamicPaths, { timeout: 5_000 }).toEqual([]);
    await owner.session.hooks.watchList.ready();
    await writeFile(next, '{"b":2}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await seen(cwd)()).toEqual(['add package.json', 'add lock.json']);
  });

  it('a cd moves the matcher names to the new working directory', async () => {
    const { cwd, configDir } = await workspace({ FileChanged: [{ matcher: '.env', hooks: [logging()] }] });
    const sub = path.join(cwd, 'sub');
    await mkdir(sub);
    const owner = await start(cwd, configDir);
    await runCwdChangedHooks(owner.session.hooks, { session: owner.info, cwd: sub, permissionMode: 'default', run: { signal: new AbortController().signal, cwd: sub, projectDir: cwd } }, { old_cwd: cwd, new_cwd: sub });
    await owner.session.hooks.watchList.ready();
    await writeFile(path.join(cwd, '.env'), 'top');
    await writeFile(path.join(sub, '.env'), 'sub');
    await expect.poll(seen(cwd), { timeout: 5_000 }).toEqual(['add sub/.env']);
  });

  it('watches at most maxFolders folders and debounces a burst of writes into one event', async () => {
    const root = await tempDir('agentcli-filechanged-bound-');
    dirs.push(root);
    const heard: string[] = [];
    const runner: HookRunner = {
      event: 'FileChanged',
      matcher: (compileHookMatcher('') as { matcher: HookRunner['matcher'] }).matcher,
      label: 'record',
      source: 'test',
      dedupeKey: 'record',
      active: true,
      run: async (input) => {
        if (input.hook_event_name === 'FileChanged') heard.push(`${input.event} ${path.relative(root, input.file_path)}`);
        return { hook: 'record', outcome: 'success' };
      },
    };
    const hooks = createHookSet([runner]);
    const folders = await Promise.all(['a', 'b', 'c'].map(async (name) => {
      await mkdir(path.join(root, name));
      return path.join(root, name, 'f.txt');
    }));
    const problems: string[] = [];
    const watcher = startFileChangedWatcher(hooks, {
      cwd: root,
      hookCall: () => ({ session: { id: 's', dir: '' }, cwd: root, permissionMode: 'default', run: { signal: new AbortController().signal, cwd: root, projectDir: root } }),
      maxFolders: 2,
      debounceMs: 100,
      onProblem: (message) => problems.push(message),
    })!;
    hooks.watchList.replaceDynamicPaths(folders);
    await watcher.settled();
    expect(watcher.watchedFolders).toHaveLength(2);
    expect(problems[0]).toMatch(/at most 2 folders/);
    for (let index = 0; index < 5; index++) await writeFile(folders[0]!, `write ${index}`);
    await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['add a/f.txt']);
    await writeFile(folders[2]!, 'not watched');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual(['add a/f.txt']);
    watcher.close();
  });
});
