// What the REPL shows of hooks: the refusal under the tool line, the quiet progress line, /hooks.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { describeHooks } from '../../src/commands/builtin/hooks.js';
import { hookNotices, hookProgressLabel } from '../../src/hooks/hookNotices.js';
import { EMPTY_MERGED_VERDICT } from '../../src/hooks/hookVerdict.js';
import { loadHooks } from '../../src/hooks/loadHooks.js';
import { LiveArea } from '../../src/ui/transcript/LiveArea.js';
import { ToolCallView } from '../../src/ui/transcript/ToolCallView.js';
import { renderInTerminal } from '../ui/support/inkTerminal.js';
import { plainTool } from '../ui/support/uiTools.js';
import { tempDir } from '../support/runCli.js';

describe('REPL rendering of hooks', () => {
  it('a PreToolUse refusal reads "PreToolUse hook blocked Bash: <reason>" under the tool line', () => {
    const view = render(
      <ToolCallView
        options={{ verbose: false, columns: 100 }}
        tool={plainTool()}
        toolName="Plain"
        input={{ path: 'x' }}
        phase="done"
        status="denied"
        resultText="PreToolUse hook blocked Plain: rm -rf is not allowed here"
      />,
    );
    const frame = view.lastFrame() ?? '';
    view.unmount();
    expect(frame).toContain('⎿  PreToolUse hook blocked Plain: rm -rf is not allowed here');
    expect(frame).not.toContain('Not allowed');
  });

  it('while hooks run, the spinner line says so', async () => {
    const label = hookProgressLabel({ type: 'hooks_started', event: 'PreToolUse', target: 'Bash', hooks: ['./guard.sh'] });
    expect(label).toBe('Running PreToolUse hook for Bash');
    const terminal = renderInTerminal(
      <LiveArea segments={[]} turn={{ startedAt: Date.now(), activity: 'running_tools', outputTokens: 0, hooks: label }} tools={[]} verbose={false} columns={80} maxRows={10} showSpinner />,
    );
    const frame = await terminal.waitFor('esc to interrupt');
    expect(frame).toContain('Running PreToolUse hook for Bash…');
    terminal.unmount();
  });

  it('hook failures and systemMessages become notices for the user', () => {
    const notices = hookNotices({
      type: 'hooks_finished',
      event: 'PostToolUse',
      target: 'Edit',
      verdicts: [],
      durationMs: 5,
      merged: { ...EMPTY_MERGED_VERDICT, errors: [{ hook: 'prettier', message: 'exit code 1: syntax error' }], systemMessages: ['formatted 1 file'] },
    });
    expect(notices).toEqual([
      { tone: 'warning', text: 'PostToolUse hook failed (prettier): exit code 1: syntax error' },
      { tone: 'info', text: 'PostToolUse hook: formatted 1 file' },
    ]);
  });
});

describe('/hooks', () => {
  it('lists hooks by event with matcher and source file:line; untrusted repository hooks marked inactive', async () => {
    const cwd = await tempDir();
    const configDir = await tempDir();
    await mkdir(path.join(cwd, '.claude'));
    await writeFile(
      path.join(configDir, 'settings.json'),
      JSON.stringify({ hooks: { Notification: [{ hooks: [{ type: 'command', command: 'notify-send agentcli' }] }] } }, null, 2),
    );
    await writeFile(
      path.join(cwd, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'npx prettier --write' }] }], PreToolUse: [{ hooks: [{ type: 'command', command: './guard.sh' }] }] } }, null, 2),
    );
    const hooks = await loadHooks({ cwd, configDir, isTrusted: false });
    const text = describeHooks(hooks.runners);
    const lines = text.split('\n');
    expect(lines.indexOf('PreToolUse:')).toBeLessThan(lines.indexOf('PostToolUse:'));
    expect(text).toMatch(/PreToolUse:\n {2}\[\*\] \.\/guard\.sh {2}— .*\.claude\/settings\.json:\d+ \(inactive until this folder is trusted\)/);
    expect(text).toMatch(/PostToolUse:\n {2}\[Edit\|Write\] npx prettier --write {2}— .*settings\.json:\d+/);
    expect(text).toMatch(/Notification:\n {2}notify-send agentcli {2}— .*settings\.json:\d+\n/);
    expect(text).not.toMatch(/notify-send agentcli .*inactive/);
  });

  it('says where hooks go when there are none', () => {
    expect(describeHooks([])).toContain('No hooks configured');
  });
});
