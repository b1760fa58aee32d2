import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import { createCommandRegistry } from '../../src/commands/registry.js';
import { PromptInput } from '../../src/ui/input/PromptInput.js';
import type { PromptEffects } from '../../src/ui/input/promptKeyHandler.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-prompt-'));
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

async function prompt(options: { history?: string[]; busy?: boolean; exitConfirmMs?: number } = {}) {
  const effects = { submit: vi.fn(), interrupt: vi.fn(), cycleMode: vi.fn(), openTranscript: vi.fn(), exit: vi.fn() } satisfies PromptEffects;
  const view = render(
    <PromptInput
      isActive
      isBusy={options.busy ?? false}
      history={() => options.history ?? []}
      commands={createCommandRegistry(BUILTIN_COMMANDS)}
      cwd={cwd}
      columns={100}
      effects={effects}
      {...(options.exitConfirmMs ? { exitConfirmMs: options.exitConfirmMs } : {})}
    />,
  );
  await tick();
  const press = async (data: string) => {
    view.stdin.write(data);
    await tick();
  };
  return { view, effects, press };
}

describe('prompt input box', () => {
  it('shows the > prompt and echoes what is typed', async () => {
    const { view, press } = await prompt();
    expect(view.lastFrame()).toContain('> ');
    await press('hello there');
    expect(view.lastFrame()).toContain('> hello there');
    view.unmount();
  });

  it('three Backspaces in one chunk delete three characters (no DEL bytes in the text)', async () => {
    const { view, press, effects } = await prompt();
    await press('abcdef');
    await press('\u007F\u007F\u007F');
    expect(view.lastFrame()).toContain('> abc');
    await press('xy\u007F\r');
    expect(effects.submit).toHaveBeenCalledWith('abcx');
    view.unmount();
  });

  it('"press Ctrl+C again to exit" clears when it times out, and a later single press does not exit', async () => {
    const { view, press, effects } = await prompt({ exitConfirmMs: 150 });
    await press('\u0003');
    expect(view.lastFrame()).toContain('Press Ctrl+C again to exit');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(view.lastFrame()).not.toContain('again to exit');
    await press('\u0003');
    expect(effects.exit).not.toHaveBeenCalled();
    await press('\u0004');
    await press('\u0004');
    expect(effects.exit).toHaveBeenCalledTimes(1);
    view.unmount();
  });

  it('edits: backspace, cursor left, insert in the middle', async () => {
    const { view, press, effects } = await prompt();
    await press('helo');
    await press('\u001B[D');
    await press('l');
    await press('!');
    await press('\u007F');
    await press('\r');
    expect(effects.submit).toHaveBeenCalledWith('hello');
    view.unmount();
  });

  it('grows to several lines with Alt+Enter and shows each', async () => {
    const { view, press } = await prompt();
    await press('line one');
    await press('\u001B\r');
    await press('line two');
    expect(view.lastFrame()).toMatch(/│ > line one +│\n│ {3}line two +│/);
    view.unmount();
  });

  it('↑ recalls the previous prompt', async () => {
    const { view, press } = await prompt({ history: ['fix the tests', 'explain main.ts'] });
    await press('\u001B[A');
    expect(view.lastFrame()).toContain('> explain main.ts');
    await press('\u001B[A');
    expect(view.lastFrame()).toContain('> fix the tests');
    view.unmount();
  });

  it('shows matching commands under the box for a /, and Tab completes', async () => {
    const { view, press } = await prompt();
    await press('/cos');
    const frame = view.lastFrame()!;
    expect(frame).toContain('❯ /cost');
    expect(frame).toContain('Show tokens used');
    expect(frame).not.toContain('/help');
    await press('\t');
    expect(view.lastFrame()).toContain('> /cost');
    view.unmount();
  });

  it('suggests files for an @mention', async () => {
    await mkdir(path.join(cwd, 'src'));
    await writeFile(path.join(cwd, 'src', 'app.ts'), '');
    await writeFile(path.join(cwd, 'README.md'), '');
    const { view, press } = await prompt();
    // The file list comes from ripgrep: on a loaded machine it takes more than a tick.
    const frameWith = async (text: string): Promise<string> => {
      for (let waited = 0; waited < 3_000 && !view.lastFrame()?.includes(text); waited += 20) await tick();
      return view.lastFrame() ?? '';
    };
    await press('look at @sr');
    expect(await frameWith('❯ src/')).toContain('❯ src/');
    await press('\t');
    expect(await frameWith('src/app.ts')).toContain('> look at @src/');
    expect(view.lastFrame()).toContain('src/app.ts');
    view.unmount();
  });

  it('collapses a big paste to a placeholder in the box', async () => {
    const { view, press, effects } = await prompt();
    const big = 'x'.repeat(3000);
    await press(`\u001B[200~${big}\u001B[201~`);
    expect(view.lastFrame()).toContain('[Pasted text #1 3000 chars]');
    await press('\r');
    expect(effects.submit).toHaveBeenCalledWith(big);
    view.unmount();
  });

  it('Ctrl+R shows the search line and the match', async () => {
    const { view, press } = await prompt({ history: ['npm run build', 'git status'] });
    await press('\u0012');
    await press('build');
    expect(view.lastFrame()).toContain('search history: build');
    expect(view.lastFrame()).toContain('npm run build');
    view.unmount();
  });

  it('says how to exit after one Ctrl+C on an empty box', async () => {
    const { view, press, effects } = await prompt();
    await press('\u0003');
    expect(view.lastFrame()).toContain('Press Ctrl+C again to exit');
    await press('\u0003');
    expect(effects.exit).toHaveBeenCalled();
    view.unmount();
  });
});
