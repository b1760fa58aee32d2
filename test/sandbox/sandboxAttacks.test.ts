// The OS sandbox as the boundary: commands an attacker who controls the model's output could
// send (many of them allowed by the analyser in bypassPermissions before issue 15, all of them
// plain bash) run inside bwrap against a temporary repository whose settings deny
// `Bash(rm -rf data:*)`, `Read(./.env)`, `Read(./secrets/**)`, `Read(*.pem)`, `Edit(./locked.txt)`.
// Each test is named after the trick; the verdict is what is on disk afterwards (nothing
// guarded changed or appeared) and that no secret reached the output.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preloadBashTool } from '../../src/tools/BashTool/BashTool.js';
import type { BashResult } from '../../src/tools/BashTool/bashResult.js';
import { SANDBOX_ATTACKS as ATTACKS } from './sandboxAttackCorpus.js';
import { createSandboxRepo, damage, runSandboxed, sandboxAvailability, SECRET, type SandboxRepo } from './sandboxHarness.js';

const availability = await sandboxAvailability();
const reason = availability.available ? '' : `${availability.reason}; ${availability.howToEnable}`;
if (!availability.available) console.warn(`Sandbox suite skipped: ${reason}`);

let repo: SandboxRepo;
beforeAll(async () => {
  await preloadBashTool();
});
beforeEach(() => {
  repo = createSandboxRepo();
});
afterEach(() => repo.remove());

function outputOf(result: BashResult): string {
  return result.kind === 'foreground' ? result.output : '';
}


describe.skipIf(!availability.available)('sandbox: attacks leave the repository as it was', () => {
  for (const [name, command] of ATTACKS) {
    it(name, async () => {
      // As approved commands: the session sandbox, the widest policy a sandboxed command gets.
      const result = await runSandboxed(repo, command, { timeoutMs: 20_000, grant: 'user' });
      expect(result.kind === 'foreground' && result.sandboxed).toBe(true);
      expect(outputOf(result)).not.toContain(SECRET);
      expect(damage(repo)).toEqual([]);
    });
  }
});

describe.skipIf(!availability.available)('sandbox: the harness sees damage when there is no sandbox', () => {
  // Controls: the same attacks with the sandbox off really delete and leak, so the checks above are not vacuous.
  it.each([
    ['python deletes data and prints the secrets', ATTACKS.find(([name]) => name.startsWith('python'))![1]],
    ['gzip deletes the file it compresses', 'gzip data/important.txt'],
    ['CLAUDE.md gets an allow rule', `echo 'allow: Bash(taskset:*)' >> CLAUDE.md`],
  ])('%s', async (_name, command) => {
    const result = await runSandboxed(repo, command, { settings: { enabled: false } });
    expect(result.kind === 'foreground' && result.sandboxed).toBe(false);
    expect(damage(repo)).not.toEqual([]);
  });
});

describe.skipIf(!availability.available)('sandbox: what stays possible', () => {
  it('a working directory under /tmp stays visible through the private /tmp (read-only claim and writes claim)', async () => {
    const base = mkdtempSync(path.join(os.tmpdir(), 'agentcli-under-tmp-'));
    const inTmp: SandboxRepo = { ...repo, base, root: path.join(base, 'repo'), home: path.join(base, 'home'), configDir: path.join(base, 'home/.agentcli'), guarded: {}, remove: () => rmSync(base, { recursive: true, force: true }) };
    try {
      mkdirSync(inTmp.root, { recursive: true });
      writeFileSync(path.join(inTmp.root, 'a.txt'), 'visible\n');
      const read = await runSandboxed(inTmp, 'cat a.txt', { deny: [] });
      expect(read.kind === 'foreground' && [read.exitCode, read.output, read.sandboxPolicy]).toEqual([0, 'visible\n', 'read-only']);
      const write = await runSandboxed(inTmp, 'echo more >> a.txt; touch ../escaped 2>/dev/null; cat a.txt', { deny: [] });
      expect(write.kind === 'foreground' && write.output).toBe('visible\nmore\n');
      expect(existsSync(path.join(base, 'escaped'))).toBe(false);
    } finally {
      inTmp.remove();
    }
  });

  it('the working directory is writable: create, edit, delete ordinary files', async () => {
    const result = await runSandboxed(repo, 'mkdir -p build && echo out > build/a.txt && echo more >> src/app.ts && rm build/a.txt && echo created > src/new.ts && cat src/new.ts');
    expect(outputOf(result)).toContain('created');
    expect(readFileSync(path.join(repo.root, 'src/app.ts'), 'utf8')).toContain('more');
    expect(existsSync(path.join(repo.root, 'src/new.ts'))).toBe(true);
    expect(existsSync(path.join(repo.root, 'build/a.txt'))).toBe(false);
  });

  it('git add, commit and log work (only hooks and config are read-only in .git)', async () => {
    const result = await runSandboxed(repo, 'git -c user.email=a@b -c user.name=a add src && git -c user.email=a@b -c user.name=a commit -qm first && git log --oneline | wc -l && git status --short | head -3');
    expect(result.kind === 'foreground' && result.exitCode).toBe(0);
    expect(outputOf(result)).toMatch(/^1$/m);
  });

  it('masked secrets read as empty; unrelated files read normally', async () => {
    const result = await runSandboxed(repo, 'wc -c < .env; ls secrets | wc -l; wc -c < deep/nested/cert.pem; cat src/app.ts');
    expect(outputOf(result).split('\n').slice(0, 4)).toEqual(['0', '0', '0', 'export const app = 1;']);
  });

  it('/tmp is private: what the command writes there never reaches the host, and the host /tmp is not visible', async () => {
    const marker = `agentcli-private-tmp-${process.pid}-${Date.now()}`;
    const hostFile = path.join('/tmp', `${marker}-host`);
    writeFileSync(hostFile, 'host');
    try {
      const result = await runSandboxed(repo, `echo inside > /tmp/${marker}; ls /tmp/${marker}-host 2>/dev/null | wc -l; cat /tmp/${marker}`);
      expect(outputOf(result)).toBe('0\ninside\n');
      expect(existsSync(path.join('/tmp', marker))).toBe(false);
    } finally {
      rmSync(hostFile, { force: true });
    }
  });

  it('the home directory is readable but read-only, except the writable paths settings list', async () => {
    const result = await runSandboxed(repo, 'cat ../.bashrc; touch ../cache-file 2>&1; mkdir -p ../.cache && touch ../.cache/ok 2>&1; echo end', {
      settings: { writablePaths: ['~/.cache'] },
    });
    expect(outputOf(result)).toContain('# bashrc');
    expect(outputOf(result)).toMatch(/cache-file.*Read-only file system/);
    expect(existsSync(path.join(repo.home, 'cache-file'))).toBe(false);
  });
});

describe.skipIf(!availability.available)('sandbox: configuration the environment moved', () => {
  it('xdg_git_config_inside_the_working_directory_stays_read_only', async () => {
    // agentcli runs with XDG_CONFIG_HOME in the project: git's global config lives there, and runs code.
    const xdg = path.join(repo.root, '.config');
    mkdirSync(path.join(xdg, 'git'), { recursive: true });
    writeFileSync(path.join(xdg, 'git/config'), '[user]\n\tname = t\n');
    const saved = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = xdg;
    try {
      const result = await runSandboxed(repo, `printf '[core]\\n\\tfsmonitor = rm -rf data;:\\n' >> .config/git/config; touch .config/ok; echo end`, { grant: 'user' });
      expect(outputOf(result)).toMatch(/config: Read-only file system/);
    } finally {
      if (saved === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = saved;
    }
    expect(readFileSync(path.join(xdg, 'git/config'), 'utf8')).toBe('[user]\n\tname = t\n');
    // The rest of the folder is an ordinary part of the working directory.
    expect(existsSync(path.join(xdg, 'ok'))).toBe(true);
  });
});

describe.skipIf(!availability.available)('sandbox: network', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('reached-the-host'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return () => new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('no network by default: even the host loopback is out of reach', async () => {
    const result = await runSandboxed(repo, `curl -s --max-time 3 ${url} || echo unreachable; exec 3<>/dev/tcp/127.0.0.1/${new URL(url).port} && echo opened`);
    expect(outputOf(result)).not.toContain('reached-the-host');
    expect(outputOf(result)).not.toContain('opened');
    expect(outputOf(result)).toContain('unreachable');
  });

  it('allowedDomains: an allowed host is reached through the filtering proxy, any other is refused', async () => {
    const port = new URL(url).port;
    const settings = { network: true, allowedDomains: ['127.0.0.1'] };
    const allowed = await runSandboxed(repo, `curl -s --max-time 5 ${url}`, { settings });
    expect(outputOf(allowed)).toBe('reached-the-host');
    const other = await runSandboxed(repo, `curl -s --max-time 5 http://localhost:${port}/`, { settings });
    expect(outputOf(other)).toContain('blocked by the agentcli sandbox');
    expect(outputOf(other)).not.toContain('reached-the-host');
  });

  it('allowedDomains: a program that ignores the proxy has no way out at all', async () => {
    const settings = { network: true, allowedDomains: ['127.0.0.1'] };
    const result = await runSandboxed(repo, `curl -s --noproxy '*' --max-time 3 ${url} || echo unreachable; exec 4<>/dev/tcp/127.0.0.1/${new URL(url).port} && echo opened`, { settings });
    expect(outputOf(result)).not.toContain('reached-the-host');
    expect(outputOf(result)).not.toContain('opened');
  });

  it('sandbox.network: true keeps the network', async () => {
    const result = await runSandboxed(repo, `curl -s --max-time 5 ${url}`, { settings: { network: true } });
    expect(outputOf(result)).toBe('reached-the-host');
  });
});

it('the sandbox suite runs wherever CI runs (bwrap is installed by .ci/run)', () => {
  if (process.env.CI) expect(reason).toBe('');
});
