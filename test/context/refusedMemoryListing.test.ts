// /memory and /context show what the memory read gate kept out: a refused import's one-line note, and a memory
// file that was not sent at all.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_COMMANDS } from '../../src/commands/builtinCommands.js';
import type { MemoryFile } from '../../src/context/memoryFiles.js';
import { formatContextUsage, type ContextUsage } from '../../src/session/context/contextUsage.js';
import { commandFixture, type CommandFixture } from '../ui/support/commandContext.js';

let fixture: CommandFixture;
beforeEach(async () => {
  fixture = await commandFixture();
});
afterEach(async () => {
  await fixture.cleanup();
});

const memoryFiles: MemoryFile[] = [
  {
    path: '/repo/CLAUDE.md',
    scope: 'project',
    content: 'Config: @.env @docs/a.md',
    carriesRules: true,
    imports: [
      { kind: 'refused', path: '/repo/.env', spelled: '.env', importedBy: '/repo/CLAUDE.md', reason: 'denied by Read(./.env)' },
      { kind: 'imported', path: '/repo/docs/a.md', spelled: 'docs/a.md', importedBy: '/repo/CLAUDE.md', content: 'A' },
    ],
    importProblems: [],
  },
  { path: '/repo/CLAUDE.local.md', scope: 'local', content: 'secret notes', carriesRules: true, imports: [], importProblems: [], withheld: 'denied by Read(./CLAUDE.local.md)' },
];

describe('refused memory in /memory and /context', () => {
  it('/memory lists the refused import with its reason, and the file that was not sent', async () => {
    const command = BUILTIN_COMMANDS.find((candidate) => candidate.name === 'memory')!;
    const result = await command.run('', { ...fixture.context, session: { ...fixture.context.session, memoryFiles } });
    const listing = result.type === 'text' ? result.text : '';
    expect(listing).toContain('✗ @.env (in /repo/CLAUDE.md): not imported: denied by Read(./.env)');
    expect(listing).toContain('↳ /repo/docs/a.md (imported by @docs/a.md)');
    expect(listing).toContain('/repo/CLAUDE.local.md (local (private)) · not sent: denied by Read(./CLAUDE.local.md)');
  });

  it('/context names what the rules kept out of the context', () => {
    const usage: ContextUsage = {
      model: 'm',
      window: 200_000,
      parts: [{ label: 'Memory files', tokens: 10 }],
      notCounted: [],
      estimatedTotal: 10,
      messageTokens: 0,
      measured: 0,
      autoCompactAt: undefined,
      tools: [],
      memoryFiles: [],
      memoryNotSent: ['@.env (in /repo/CLAUDE.md): not imported: denied by Read(./.env)'],
    };
    expect(formatContextUsage(usage)).toContain('Memory kept out of the context by permission rules:\n  @.env (in /repo/CLAUDE.md): not imported: denied by Read(./.env)');
  });
});
