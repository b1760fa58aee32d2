import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDisplaySettings } from '../../src/settings/displaySettings.js';
import { AttentionNotifier, DIALOG_WAIT_MS, resolveChannel } from '../../src/ui/repl/attentionNotifier.js';
import { DialogQueue } from '../../src/ui/repl/dialogQueue.js';
import { firstLine, StatusLineCommand } from '../../src/ui/status/statusLineCommand.js';
import { endTurn } from '../support/scenario.js';
import { startReplFixture, type ReplFixture } from './support/replFixture.js';

let repl: ReplFixture | undefined;
const dirs: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await repl?.close();
  repl = undefined;
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-attention-'));
  dirs.push(dir);
  return dir;
}

describe('display settings', () => {
  it('the nearest file that sets a key wins; a malformed value is a warning, not a crash', async () => {
    const cwd = await tempDir();
    const configDir = await tempDir();
    await mkdir(path.join(cwd, '.claude'));
    await writeFile(path.join(configDir, 'settings.json'), JSON.stringify({ statusLine: { type: 'command', command: 'user-status' }, notifications: 'osc9' }));
    await writeFile(path.join(cwd, '.claude', 'settings.json'), JSON.stringify({ statusLine: { type: 'command', command: 'project-status' } }));
    await writeFile(path.join(cwd, '.claude', 'settings.local.json'), JSON.stringify({ notifications: 'loud' }));
    const settings = await loadDisplaySettings({ cwd, configDir });
    expect(settings.statusLine?.command).toBe('project-status');
    // The local file's value is unusable, so the next file that sets it decides.
    expect(settings.notifications).toBe('osc9');
    expect(settings.warnings).toEqual([expect.stringContaining('"notifications" must be one of auto, bell, osc9, osc777, off')]);
  });
});

describe('notifications', () => {
  it.each<[string, Record<string, string>, string]>([
    ['iTerm2 gets OSC 9', { TERM_PROGRAM: 'iTerm.app' }, 'osc9'],
    ['Windows Terminal gets OSC 9', { WT_SESSION: 'x' }, 'osc9'],
    ['GNOME Terminal (VTE) gets OSC 777', { VTE_VERSION: '7600' }, 'osc777'],
    ['an unknown terminal gets the bell', { TERM: 'xterm-256color' }, 'bell'],
  ])('auto: %s', (_name, env, expected) => {
    expect(resolveChannel('auto', env)).toBe(expected);
  });

  it('a turn over 20 s rings; a short one does not; "off" never does', () => {
    const written: string[] = [];
    const bell = new AttentionNotifier({ setting: 'bell', env: {}, write: (text) => written.push(text) });
    bell.turnEnded(5_000, 'done');
    expect(written).toEqual([]);
    bell.turnEnded(21_000, 'done');
    expect(written).toEqual(['\u0007']);
    const osc9 = new AttentionNotifier({ setting: 'osc9', env: {}, write: (text) => written.push(text) });
    osc9.turnEnded(25_000, 'done');
    expect(written.at(-1)).toBe('\u001B]9;agentcli: done after 25 s\u0007');
    const off = new AttentionNotifier({ setting: 'off', env: {}, write: (text) => written.push(text) });
    off.turnEnded(60_000, 'done');
    expect(written).toHaveLength(2);
  });

  it('a dialog left unanswered notifies once after a few seconds; one answered quickly does not', async () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const notifier = new AttentionNotifier({ setting: 'osc777', env: {}, write: (text) => written.push(text) });
    const queue = new DialogQueue();
    const stop = notifier.watchDialogs(queue);
    const signal = new AbortController().signal;
    void queue.userInteraction.approvePlan('quick', signal);
    vi.advanceTimersByTime(DIALOG_WAIT_MS / 2);
    const quick = queue.current();
    if (quick?.kind === 'plan') quick.answer({ approved: false });
    vi.advanceTimersByTime(DIALOG_WAIT_MS);
    expect(written).toEqual([]);
    void queue.userInteraction.approvePlan('slow', signal);
    vi.advanceTimersByTime(DIALOG_WAIT_MS + 1);
    expect(written).toEqual(['\u001B]777;notify;agentcli;waiting for your answer\u0007']);
    stop();
  });

  it('a picker the user opened (/model, a # note) is never announced, however long it stays open', async () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const notifier = new AttentionNotifier({ setting: 'bell', env: {}, write: (text) => written.push(text) });
    const queue = new DialogQueue();
    const stop = notifier.watchDialogs(queue);
    void queue.choose({ title: 'Which model?', options: [{ value: 'a', label: 'A' }] });
    vi.advanceTimersByTime(DIALOG_WAIT_MS * 10);
    expect(written).toEqual([]);
    stop();
  });
});

describe('statusLine command', () => {
  it('gets the session as JSON on stdin; its first line shows under the status line, and follows /model', async () => {
    repl = await startReplFixture({
      script: [endTurn('hi')],
      statusLineCommand: `cat > "$PWD/status-input.json"; printf '%s | custom\\nsecond line\\n' "$(sed -n 's/.*"id":"\\([^"]*\\)".*/\\1/p' "$PWD/status-input.json")"`,
    });
    const frame = await repl.terminal.waitFor('| custom', 10_000);
    expect(frame).toContain(`${repl.session.model} | custom`);
    expect(frame).not.toContain('second line');
    const input = JSON.parse(await readFile(path.join(repl.cwd, 'status-input.json'), 'utf8'));
    expect(input).toMatchObject({ session_id: repl.session.id, cwd: repl.cwd, workspace: { project_dir: repl.cwd }, model: { id: repl.session.model } });
    await repl.submit('/model claude-haiku-4-5');
    await repl.terminal.waitFor(/claude-haiku-4-5\S* \| custom/, 10_000);
  });

  it('runs at most once per interval however often the session changes, and shows the newest state', async () => {
    const dir = await tempDir();
    const counter = path.join(dir, 'runs');
    const command = new StatusLineCommand({ command: `echo run >> '${counter}'; sed -n 's/.*"id":"\\([^"]*\\)".*/\\1/p'`, cwd: dir, minIntervalMs: 300 });
    const state = { sessionId: 's', cwd: dir, projectDir: dir, permissionMode: 'default', costUsd: 0, contextTokens: 0 };
    for (let index = 0; index < 20; index++) command.update({ ...state, model: `model-${index}` });
    await vi.waitFor(() => expect(command.getSnapshot()).toBe('model-19'), { timeout: 5_000 });
    const runs = (await readFile(counter, 'utf8')).trim().split('\n').length;
    expect(runs).toBeLessThanOrEqual(2);
    command.dispose();
  });

  it('keeps colours but not other control characters', () => {
    expect(firstLine('\u001B[32mgreen\u001B[0m\u0007 ok\r\nnext')).toBe('\u001B[32mgreen\u001B[0m ok');
    expect(firstLine('\n')).toBeUndefined();
  });
});
