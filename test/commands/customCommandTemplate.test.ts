import { beforeAll, describe, expect, it } from 'vitest';
import { parseTemplate, readyToParse, splitArguments } from '../../src/commands/custom/commandTemplate.js';
import { renderCommandPrompt, type ShellRunner } from '../../src/commands/custom/renderCommandPrompt.js';

// The YAML library loads with the first front matter a reader meets; these cases parse synchronously after it.
beforeAll(() => readyToParse('---\n---\n'));

function parsed(text: string) {
  const result = parseTemplate(text);
  if (!result.ok) throw new Error(result.error);
  return result.template;
}

describe('custom command front matter (YAML)', () => {
  it('reads description, argument-hint, allowed-tools and model', () => {
    const template = parsed(
      '---\ndescription: "Commit: staged changes"  # quoted, with a colon\nargument-hint: [message]\nallowed-tools: Bash(git add:*), Bash(git commit:*)\nmodel: claude-haiku-4-5\n---\nCommit with $1.\n',
    );
    expect(template).toEqual({
      body: 'Commit with $1.',
      description: 'Commit: staged changes',
      argumentHint: '[message]',
      allowedTools: ['Bash(git add:*)', 'Bash(git commit:*)'],
      model: 'claude-haiku-4-5',
      fields: expect.objectContaining({ model: 'claude-haiku-4-5' }),
    });
  });

  it('takes allowed-tools as a YAML list too, keeping commas inside parentheses', () => {
    expect(parsed('---\nallowed-tools:\n  - Read\n  - "Bash(git log --format=%h,%s:*)"\n---\nx').allowedTools).toEqual([
      'Read',
      'Bash(git log --format=%h,%s:*)',
    ]);
  });

  it('reports front matter that is not valid YAML instead of sending it as the prompt', () => {
    const result = parseTemplate('---\ndescription: [unclosed\n---\nbody');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/not valid YAML/);
    expect(parseTemplate('---\n- a list\n---\nbody').ok).toBe(false);
    expect(parseTemplate('---\nallowed-tools: {Bash: 1}\n---\nbody').ok).toBe(false);
  });

  it('a file without front matter is all body', () => {
    expect(parsed('Just do it.\n')).toEqual({ body: 'Just do it.', allowedTools: [], fields: {} });
    expect(parsed('---\n---\nEmpty front matter.')).toEqual({ body: 'Empty front matter.', allowedTools: [], fields: {} });
  });
});

describe('arguments', () => {
  it('splits words like a shell: quotes group', () => {
    expect(splitArguments(`fix "the login bug" 'very high' 3`)).toEqual(['fix', 'the login bug', 'very high', '3']);
    expect(splitArguments('')).toEqual([]);
  });

  it('fills $ARGUMENTS and $1…$9; missing words are empty', async () => {
    expect(await renderCommandPrompt('All: $ARGUMENTS. First: $1. Second: $2. Ninth: [$9]', 'a "b c"')).toEqual({
      ok: true,
      prompt: 'All: a "b c". First: a. Second: b c. Ninth: []',
    });
  });

  it('appends arguments to a template with no placeholder, so nothing typed is lost', async () => {
    expect(await renderCommandPrompt('Do it.', 'quickly')).toEqual({ ok: true, prompt: 'Do it.\n\nArguments: quickly' });
    expect(await renderCommandPrompt('Do it.', '')).toEqual({ ok: true, prompt: 'Do it.' });
  });
});

describe('!`cmd` snippets', () => {
  const recordingShell = (outputs: Record<string, string>, ran: string[]): ShellRunner =>
    async (command) => {
      ran.push(command);
      return command in outputs ? { ok: true, output: outputs[command]! } : { ok: false, reason: 'denied: not allowed' };
    };

  it('replaces each snippet by its output, in order, with arguments filled in', async () => {
    const ran: string[] = [];
    const shell = recordingShell({ 'git status --short': ' M a.ts\n', 'git log -n 2': 'abc first\ndef second\n' }, ran);
    const rendered = await renderCommandPrompt('Status:\n!`git status --short`\nLog: !`git log -n $1`\nDone.', '2', shell);
    expect(rendered).toEqual({ ok: true, prompt: 'Status:\n M a.ts\nLog: abc first\ndef second\nDone.' });
    expect(ran).toEqual(['git status --short', 'git log -n 2']);
  });

  it('a denied snippet stops the prompt: nothing is sent and the user is told which command', async () => {
    const ran: string[] = [];
    const rendered = await renderCommandPrompt('A !`echo ok` B !`rm -rf /` C !`echo later`', '', recordingShell({ 'echo ok': 'ok' }, ran));
    expect(rendered.ok).toBe(false);
    if (!rendered.ok) expect(rendered.error).toBe('!`rm -rf /` did not run (denied: not allowed), so the prompt was not sent.');
    expect(ran).toEqual(['echo ok', 'rm -rf /']);
  });

  it('arguments_that_look_like_snippets_are_not_run: text the user typed stays text', async () => {
    const ran: string[] = [];
    const rendered = await renderCommandPrompt('Explain: $ARGUMENTS', '!`touch pwned`', recordingShell({}, ran));
    expect(rendered).toEqual({ ok: true, prompt: 'Explain: !`touch pwned`' });
    expect(ran).toEqual([]);
  });
});

describe('front matter before the YAML library is loaded', () => {
  it('parseTemplateText loads the library when the text has front matter', async () => {
    const { parseTemplateText } = await import('../../src/commands/custom/commandTemplate.js');
    const result = await parseTemplateText('---\ndescription: Loaded on demand\n---\nbody');
    expect(result.ok && result.template.description).toBe('Loaded on demand');
  });
});
