// The differential sandbox suite (issue 24): the whole adversarial corpus run with the analysis
// forced to allow everything, each command inside the policy its analysis claimed. The verdict is
// on disk and in the output:
//   - a command claimed read-only changes nothing at all (repository, home, outside folder);
//   - a command claimed to write changes nothing outside the places it claimed, and a command
//     given the session's areas nothing outside the working directory;
//   - no protected file (hooks, .git/config, CLAUDE.md, .claude/, ~/.bashrc, …) ever changes;
//   - no command prints a masked file's content.
// The repository commits no secret: content in git's object store is the analyser's part
// (test/permissions/gitObjectStore.test.ts). This proves the sandbox holds where the analysis is wrong.
import { lstatSync, mkdirSync, rmSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShellCommand } from '../../src/permissions/shell/analyzeShellCommand.js';
import type { SandboxClaim } from '../../src/sandbox/sandboxClaim.js';
import { isWithin } from '../../src/sandbox/treeScan.js';
import { preloadBashTool } from '../../src/tools/BashTool/BashTool.js';
import { bashSandboxFor } from '../../src/tools/BashTool/bashSandbox.js';
import { DISK_ATTACKS } from '../permissions/corpus/diskAttacks.js';
import { DELETION_EQUIVALENTS, EXFILTRATION, INTERPRETERS, PATHS_AND_DELETION_TARGETS, REDIRECTIONS } from '../permissions/corpus/effectAttacks.js';
import { CHAINING, GROUPING, PATH_QUALIFIED, QUOTING, SHELL_NESTING, SUBSTITUTION, WRAPPERS, XARGS_FIND } from '../permissions/corpus/shellAttacks.js';
import { EVALUATED_TEXT, PROTECTED_RULE_FILES, UNDERSTOOD_OPTIONS, UNKNOWN_PATHS } from '../permissions/corpus/understandingAttacks.js';
import { CAUSE_ATTACKS } from '../permissions/corpus/causeAttacks.js';
import { SANDBOX_ATTACKS } from './sandboxAttackCorpus.js';
import { createSandboxRepo, runSandboxed, sandboxAvailability, sandboxContext, SECRET, type SandboxRepo } from './sandboxHarness.js';

const availability = await sandboxAvailability();
if (!availability.available) console.warn(`Differential sandbox suite skipped: ${availability.reason}`);

/** The analyser's corpora (written against the analysis), `{root}`/`{home}`/`{outside}` filled in per repository. */
const ANALYSER_CORPUS: readonly (readonly [string, string])[] = [
  ...[CHAINING, GROUPING, SUBSTITUTION, QUOTING, WRAPPERS, PATH_QUALIFIED, XARGS_FIND, SHELL_NESTING, INTERPRETERS, REDIRECTIONS, DELETION_EQUIVALENTS, EXFILTRATION, PATHS_AND_DELETION_TARGETS, UNDERSTOOD_OPTIONS, EVALUATED_TEXT, UNKNOWN_PATHS, PROTECTED_RULE_FILES]
    .flat()
    .filter((c) => c.command !== undefined)
    .map((c) => [c.name, c.command!] as const),
  ...DISK_ATTACKS.map((a) => [a.name, a.command] as const),
];
/** The attacks written for the sandbox and for issue 24's six causes: always run in full. */
const SANDBOX_CORPUS: readonly (readonly [string, string])[] = [...CAUSE_ATTACKS.map((a) => [a.name, a.command] as const), ...SANDBOX_ATTACKS];
const CORPUS = [...ANALYSER_CORPUS, ...SANDBOX_CORPUS];

/**
 * Each case starts a real bubblewrap sandbox (~0.6 s, most of it the kernel setting up namespaces), so the
 * whole corpus takes ~6.5 min on a 2-core machine. `npm test` (and CI) runs every sandbox attack and every
 * fourth analyser attack — a fixed, spread sample, never a random one; AGENTCLI_DIFFERENTIAL_FULL=1 runs all
 * of them (`npm run test:differential`), as a change to the sandbox layer should before it lands.
 */
const RUN_ALL = process.env.AGENTCLI_DIFFERENTIAL_FULL === '1';
const CASES = RUN_ALL ? CORPUS : [...ANALYSER_CORPUS.filter((_, index) => index % 4 === 0), ...SANDBOX_CORPUS];

/** What the attacks in the permission corpora expect to find (the sandbox repository has the rest). */
const EXTRA_FILES: Readonly<Record<string, string>> = {
  'README.md': 'readme\n',
  'data/file.txt': 'precious\n',
  'secrets/token': `${SECRET}\n`,
  'scripts/cleanup.sh': 'rm -rf data\n',
  'src/a.ts': 'a\n',
  'package.json': '{"name":"x","scripts":{"test":"true"}}\n',
  'x/keep.txt': 'x\n',
};

let repo: SandboxRepo;
beforeAll(async () => {
  await preloadBashTool();
  repo = createSandboxRepo();
  for (const [name, content] of Object.entries(EXTRA_FILES)) {
    mkdirSync(path.dirname(path.join(repo.root, name)), { recursive: true });
    writeFileSync(path.join(repo.root, name), content);
  }
}, 60_000);
afterAll(() => repo?.remove());

type Snapshot = ReadonlyMap<string, string>;

/** Every entry below the test's base folder: path → type and content digest. */
function snapshot(base: string): Snapshot {
  const entries = new Map<string, string>();
  const pending = [base];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const stats = lstatSync(full);
      if (stats.isDirectory()) {
        entries.set(full, `dir:${stats.mode}`);
        pending.push(full);
      } else if (stats.isSymbolicLink()) entries.set(full, `link:${readlinkSync(full)}`);
      // Size, mode and nanosecond mtime: any write changes them, and a 2 GiB file a command made costs nothing to note.
      else entries.set(full, `file:${stats.mode}:${stats.size}:${lstatSync(full, { bigint: true }).mtimeNs}`);
    }
  }
  return entries;
}

function changes(before: Snapshot, after: Snapshot): string[] {
  const changed = new Set<string>();
  for (const [p, v] of before) if (after.get(p) !== v) changed.add(p);
  for (const p of after.keys()) if (!before.has(p)) changed.add(p);
  return [...changed];
}

/** Where a change is within the claim: nowhere for read-only; the claimed places; the working directory. */
function allowedBy(claim: SandboxClaim, changed: string): boolean {
  if (claim.kind === 'read-only') return false;
  const places = claim.kind === 'writes' ? claim.places : [repo.root];
  return places.some((place) => isWithin(changed, place));
}

/** Guarded in every policy (the session sandbox included), except data the attacks may legitimately claim. */
function protectedChanges(changed: readonly string[]): string[] {
  const guarded = Object.keys(repo.guarded).filter((file) => !file.includes(`${path.sep}data${path.sep}`));
  const gitCode = [path.join(repo.root, '.git/hooks'), path.join(repo.root, '.git/config'), path.join(repo.root, '.claude'), path.join(repo.home, '.ssh'), repo.configDir, repo.outside];
  return changed.filter((p) => guarded.includes(p) || gitCode.some((dir) => isWithin(p, dir)));
}

/** Puts the repository back as it was (files and folders the last command changed), so each command starts alike. */
function restore(before: Snapshot, contents: ReadonlyMap<string, Buffer>): void {
  // Cheaper than a fresh repository per command: only what changed is rewritten, what appeared removed.
  const appeared = [...snapshot(repo.base).keys()].filter((p) => !before.has(p) && !p.startsWith(path.join(repo.base, 'session')));
  for (const p of appeared.sort((x, y) => y.length - x.length)) rmSync(p, { recursive: true, force: true });
  for (const [p, v] of before) {
    if (!v.startsWith('file:')) continue;
    const now = (() => {
      try {
        return readFileSync(p);
      } catch {
        return undefined;
      }
    })();
    const content = contents.get(p)!;
    if (!now || !now.equals(content)) {
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, content);
    }
  }
}

describe.skipIf(!availability.available)('differential: the corpus inside the claimed policy, analysis forced to allow', () => {
  it('covers the whole corpus', () => {
    expect(CORPUS.length).toBeGreaterThan(300);
  });

  it.each(CASES.map(([name, command]) => [name, command] as const))('%s', async (_name, template) => {
    const command = template.replaceAll('{root}', repo.root).replaceAll('{home}', repo.home).replaceAll('{outside}', repo.outside);
    const context = await sandboxContext(repo);
    const analysis = await analyzeShellCommand(command, { cwd: repo.root, home: repo.home });
    const sandbox = await bashSandboxFor(context, { analysis, cwd: repo.root });
    expect(sandbox.sandboxed).toBe(true);
    if (!sandbox.sandboxed) return;
    const before = snapshot(repo.base);
    const contents = new Map([...before].filter(([, v]) => v.startsWith('file:')).map(([p]) => [p, readFileSync(p)]));
    // A command bash cannot even be handed (a NUL byte in it) runs nowhere: nothing to judge.
    const result = await runSandboxed(repo, command, { timeoutMs: 15_000 }).catch((error: unknown) => ({ kind: 'foreground' as const, output: String(error) }));
    const changed = changes(before, snapshot(repo.base)).filter((p) => !p.startsWith(path.join(repo.base, 'session')));
    try {
      expect(result.kind === 'foreground' ? result.output : '', 'a masked file was printed').not.toContain(SECRET);
      expect(protectedChanges(changed), 'a protected path changed').toEqual([]);
      expect(changed.filter((p) => !allowedBy(sandbox.claim, p)), `changed outside the ${sandbox.policyName} claim`).toEqual([]);
    } finally {
      restore(before, contents);
    }
  });
});
