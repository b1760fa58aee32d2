// One place decides how a command runs: through the real pipeline, an auto-allowed command runs
// under its claimed policy, an approved one in the session sandbox, and one the user chose to run
// outside the sandbox with no OS limits. Judged by what each could write.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_HOOKS } from '../../src/hooks/hookSet.js';
import { canUseToolWithRules } from '../../src/permissions/canUseTool.js';
import type { PermissionResponse } from '../../src/permissions/types.js';
import { runToolUse, type PermissionRequest } from '../../src/services/tools/toolExecution.js';
import type { BashForegroundResult } from '../../src/tools/BashTool/bashResult.js';
import { sandboxAvailability, sandboxContext, useFreshSandboxRepo } from './sandboxHarness.js';

const availability = await sandboxAvailability();
const currentRepo = useFreshSandboxRepo();

async function run(command: string, answer: PermissionResponse | undefined) {
  const repo = currentRepo();
  const context = await sandboxContext(repo, { mode: 'default', deny: ['Read(./.env)'] });
  const asked: PermissionRequest[] = [];
  const outcome = await runToolUse(
    { id: 'toolu_1', name: 'Bash', input: { command } },
    {
      env: { canUseTool: canUseToolWithRules, hooks: NO_HOOKS, ...(answer ? { askPermission: async (request) => (asked.push(request), answer) } : {}) },
      context,
      onProgress: () => undefined,
    },
  );
  return { outcome, asked, data: outcome.data as BashForegroundResult | undefined };
}

describe.skipIf(!availability.available)('the pipeline picks the policy', () => {
  it('auto-allowed read-only: runs under the read-only claim without asking', async () => {
    const { asked, data } = await run('ls src', undefined);
    expect(asked).toEqual([]);
    expect(data?.sandboxPolicy).toBe('read-only');
  });

  it('approved: the session sandbox (working directory writable, protected paths not), and the dialog was told it is sandboxed', async () => {
    const repo = currentRepo();
    const { asked, data } = await run('touch made-by-approved; echo x >> CLAUDE.md', { type: 'allow_once' });
    expect(asked[0]?.decision.behavior === 'ask' && asked[0].decision.sandboxed).toBe(true);
    expect(data?.sandboxPolicy).toBe('session');
    expect(existsSync(path.join(repo.root, 'made-by-approved'))).toBe(true);
    expect(readFileSync(path.join(repo.root, 'CLAUDE.md'), 'utf8')).toBe(repo.guarded[path.join(repo.root, 'CLAUDE.md')]);
  });

  it('approved to run outside the sandbox: no OS limits for that one run', async () => {
    const repo = currentRepo();
    const { data } = await run('echo "sandbox=$AGENTCLI_SANDBOX"; touch ../outside-made', { type: 'allow_once', outsideSandbox: true });
    expect(data?.sandboxPolicy).toBe('outside');
    expect(data?.output).toBe('sandbox=\n');
    expect(existsSync(path.join(repo.home, 'outside-made'))).toBe(true);
  });
});
