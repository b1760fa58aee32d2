// `?` on an empty prompt opens the shortcuts overlay (the real bindings); Esc closes it without
// interrupting or arming rewind; typing closes it and goes into the prompt.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import { KEY_BINDING_GROUPS } from '../../src/commands/keyBindings.js';
import { createCommandRegistry } from '../../src/commands/registry.js';
import { interpretKey, type KeyLike } from '../../src/ui/input/keymap.js';
import { PromptInput } from '../../src/ui/input/PromptInput.js';
import type { PromptEffects } from '../../src/ui/input/promptKeyHandler.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(path.join(os.tmpdir(), 'agentcli-shortcuts-'));
});
afterEach(async () => {
  await rm(cwd, { recursive: true, force: true });
});

async function prompt(busy = false) {
  const effects = { submit: vi.fn(), interrupt: vi.fn(), cycleMode: vi.fn(), openTranscript: vi.fn(), exit: vi.fn(), openRewind: vi.fn() } satisfies PromptEffects;
  const view = render(<PromptInput isActive isBusy={busy} history={() => []} commands={createCommandRegistry(BUILTIN_COMMANDS)} cwd={cwd} columns={100} effects={effects} />);
  await tick();
  const press = async (data: string) => {
    view.stdin.write(data);
    await tick();
  };
  /** A loaded machine may take more than one tick to repaint: wait for the frame, up to 2 s. */
  const frameWhere = async (ok: (frame: string) => boolean): Promise<string> => {
    for (let waited = 0; waited < 2_000 && !ok(view.lastFrame() ?? ''); waited += 20) await tick();
    return view.lastFrame() ?? '';
  };
  return { view, effects, press, frameWhere };
}

describe('shortcuts overlay', () => {
  it('? on an empty prompt lists the key bindings; Esc closes it and does nothing else', async () => {
    const { view, press, effects, frameWhere } = await prompt();
    expect(view.lastFrame()).toContain('? for shortcuts');
    await press('?');
    const frame = await frameWhere((current) => current.includes('Shortcuts'));
    expect(frame).toContain('Shortcuts');
    for (const group of KEY_BINDING_GROUPS) for (const binding of group.bindings) expect(frame).toContain(binding.keys);
    expect(frame).toContain('Esc to close');
    expect(frame).not.toMatch(/> \?/);
    await press('\u001B');
    expect(await frameWhere((current) => !current.includes('Shortcuts'))).not.toContain('Shortcuts');
    expect(view.lastFrame()).not.toContain('Press Esc again to rewind');
    expect(effects.openRewind).not.toHaveBeenCalled();
    view.unmount();
  });

  it('Esc while a turn runs closes the overlay without interrupting the turn', async () => {
    const { view, press, effects, frameWhere } = await prompt(true);
    await press('?');
    expect(await frameWhere((current) => current.includes('Shortcuts'))).toContain('Shortcuts');
    await press('\u001B');
    expect(await frameWhere((current) => !current.includes('Shortcuts'))).not.toContain('Shortcuts');
    expect(effects.interrupt).not.toHaveBeenCalled();
    view.unmount();
  });

  it('typing closes it and goes into the prompt; ? after text is just a character', async () => {
    const { view, press, effects, frameWhere } = await prompt();
    await press('?');
    await press('why');
    expect(await frameWhere((current) => current.includes('> why'))).not.toContain('Shortcuts');
    await press('?');
    expect(await frameWhere((current) => current.includes('> why?'))).toContain('> why?');
    expect(view.lastFrame()).not.toContain('Shortcuts');
    await press('\r');
    expect(effects.submit).toHaveBeenCalledWith('why?');
    view.unmount();
  });

  it('every Ctrl+ and Alt+ key the list names is bound in the keymap', () => {
    const none: KeyLike = { upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false };
    const named = KEY_BINDING_GROUPS.flatMap((group) => group.bindings.map((binding) => binding.keys)).join(' ');
    const chords = [...named.matchAll(/(Ctrl|Alt)\+([A-Z])\b/g)];
    expect(chords.length).toBeGreaterThan(8);
    for (const [, modifier, letter] of chords) {
      const action = interpretKey(letter!.toLowerCase(), { ...none, ...(modifier === 'Ctrl' ? { ctrl: true } : { meta: true }) });
      expect(action.type, `${modifier}+${letter}`).not.toBe('none');
    }
  });
});
