// Checkpoints and rewind over real git repositories and real shell commands: what the agent changed comes back
// byte for byte, the user's own edits are kept, and nothing of the user's git (index, refs, stash, hooks) moves.
import { execFileSync, execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Tool } from '../../../src/contract/tool.js';
import { CheckpointKeeper } from '../../../src/session/checkpoints/checkpointKeeper.js';
import type { CheckpointRecord } from '../../../src/session/checkpoints/checkpointRecord.js';
import { CheckpointStore } from '../../../src/session/checkpoints/checkpointStore.js';
import { applyRewind, checkpointIndexFor, planRewind } from '../../../src/session/checkpoints/rewindFiles.js';
import { listRewindPoints } from '../../../src/session/checkpoints/rewindPoints.js';
import { describeRewindFile, describeRewindPoint } from '../../../src/session/checkpoints/rewindText.js';
import type { ConversationMessage } from '../../../src/types/messages.js';
import { BashTool } from '../../../src/tools/BashTool/BashTool.js';
import { WebFetchTool } from '../../../src/tools/WebFetchTool/WebFetchTool.js';
import { WriteTool } from '../../../src/tools/WriteTool/WriteTool.js';
import { makeUserRepo, treeState, userGitState } from '../../support/fileTreeState.js';
import { tempDir } from '../../support/runCli.js';

let repo: string;
let configDir: string;
let written: CheckpointRecord[];
let keeper: CheckpointKeeper;

let git: (...args: string[]) => string;

async function newKeeper(sessionId = 'session-1', records: readonly CheckpointRecord[] = []): Promise<CheckpointKeeper> {
  const store = new CheckpointStore({ projectFolder: path.join(configDir, 'projects', 'p'), sessionId });
  return new CheckpointKeeper({ store, workingDirectories: () => [repo], records, onRecord: (record) => written.push(record) });
}

/** One prompt: each step declares its facts to the keeper, then really runs (a shell command or a Write). */
type Step = { bash: string } | { write: string; content: string } | { fetch: string } | { meanwhile: () => Promise<void> | void };

async function prompt(uuid: string, steps: readonly Step[]): Promise<void> {
  keeper.beginPrompt(uuid, `prompt ${uuid}`);
  const scope = { cwd: repo, home: os.homedir() };
  for (const step of steps) {
    if ('meanwhile' in step) await step.meanwhile(); // something outside the agent, between two calls
    else if ('fetch' in step) {
      // Declared only: what the keeper sees of a WebFetch call (nothing is fetched).
      const input = { url: step.fetch, prompt: 'summarise' };
      await keeper.beforeToolRuns(WebFetchTool as Tool, { input, scope, facts: await WebFetchTool.declareFacts(input, scope) });
    } else if ('bash' in step) {
      const input = { command: step.bash };
      await keeper.beforeToolRuns(BashTool as Tool, { input, scope, facts: await BashTool.declareFacts(input, scope) });
      execSync(step.bash, { cwd: repo, shell: '/bin/bash' });
    } else {
      const input = { file_path: path.join(repo, step.write), content: step.content };
      await keeper.beforeToolRuns(WriteTool as Tool, { input, scope, facts: await WriteTool.declareFacts(input, scope) });
      mkdirSync(path.dirname(input.file_path), { recursive: true });
      writeFileSync(input.file_path, step.content);
    }
  }
  await keeper.endPrompt();
}

async function rewindTo(uuid: string, options: { overwriteUserEdits?: boolean } = {}) {
  const records = keeper.records;
  const plan = await planRewind(keeper.store, records, checkpointIndexFor(records, uuid));
  const outcome = await applyRewind(keeper.store, plan, { overwriteUserEdits: options.overwriteUserEdits ?? false });
  keeper.addRecord(outcome.record);
  return { plan, outcome };
}

beforeEach(async () => {
  repo = await tempDir('agentcli-cp-repo-');
  configDir = await tempDir('agentcli-cp-config-');
  written = [];
  git = makeUserRepo(repo);
  writeFileSync(path.join(repo, 'src', 'util.ts'), 'export function add(a: number, b: number) {\n  return a + b;\n}\n');
  writeFileSync(path.join(repo, 'README.md'), '# demo\n');
  writeFileSync(path.join(repo, '.gitignore'), 'build/\n.env\n');
  writeFileSync(path.join(repo, '.env'), 'SECRET=1\n');
  git('add', '-A');
  git('commit', '-qm', 'initial');
  // The user's own state that must not move: a staged change, a stash, and hooks that log whenever git runs them.
  writeFileSync(path.join(repo, 'README.md'), '# demo\nstashed\n');
  git('stash', '-q');
  writeFileSync(path.join(repo, 'notes.txt'), 'staged\n');
  git('add', 'notes.txt');
  for (const hook of ['pre-commit', 'post-checkout', 'post-index-change', 'reference-transaction', 'pre-auto-gc', 'post-commit']) {
    writeFileSync(path.join(repo, '.git', 'hooks', hook), `#!/bin/sh\necho ${hook} >> "${repo}/.git/hooks.log"\n`, { mode: 0o755 });
  }
  keeper = await newKeeper();
});

/** Files older than the session and an index out of git's racy window, as everyday repositories are: a first snapshot then reads no file's stat data itself. */
async function settle(): Promise<void> {
  const anHourAgo = new Date(Date.now() - 3_600_000);
  execSync(`find . -path ./.git -prune -o -exec touch -h -d @${Math.floor(anHourAgo.getTime() / 1000)} {} +`, { cwd: repo });
  git('status', '--porcelain');
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  git('update-index', '--refresh');
}

describe('checkpoints and rewind in a git repository', () => {
  it('undoes Write, sed -i, rm -rf, mv, a script writing many files, a binary file, a symlink and a mode change — byte for byte', async () => {
    const gitBefore = userGitState(repo);
    const filesBefore = treeState(repo);
    await prompt('p1', [
      { write: 'src/new.ts', content: 'export const fresh = true;\n' },
      { bash: "sed -i 's/41/42/' src/app.ts" },
      { bash: 'rm -rf src/util.ts' },
      { bash: 'mv README.md README.txt' },
      { bash: 'mkdir -p gen && for i in $(seq 1 150); do echo "file $i" > gen/f$i.txt; done' },
      { bash: "printf '\\x00\\xff\\x01' > logo.bin" },
      { bash: 'ln -sfn README.txt current' },
      { bash: 'chmod +x run.sh' },
    ]);
    expect(existsSync(path.join(repo, 'gen', 'f150.txt'))).toBe(true);
    const { plan } = await rewindTo('p1');
    const actions = Object.fromEntries(plan.files.map((file) => [path.relative(repo, file.path), file.action]));
    expect(actions).toMatchObject({ 'src/new.ts': 'remove', 'src/app.ts': 'restore', 'src/util.ts': 'create', 'README.md': 'create', 'README.txt': 'remove', 'gen/f1.txt': 'remove', 'logo.bin': 'restore', current: 'restore', 'run.sh': 'restore' });
    expect(treeState(repo)).toEqual(filesBefore);
    expect(userGitState(repo)).toEqual(gitBefore);
    expect(existsSync(path.join(repo, '.git', 'hooks.log'))).toBe(false);
  });

  it('rewinds to the state when a later prompt was sent, prompt by prompt', async () => {
    await prompt('p1', [{ bash: "echo one >> src/app.ts" }]);
    const afterFirst = treeState(repo);
    await prompt('p2', [{ bash: "echo two >> src/app.ts && touch src/two.ts" }]);
    await prompt('p3', [{ bash: 'rm src/app.ts' }]);
    await rewindTo('p2');
    expect(treeState(repo)).toEqual(afterFirst);
  });

  it('a prompt with only read-only calls takes no checkpoint', async () => {
    await prompt('p1', [{ bash: 'cat src/app.ts' }, { bash: 'ls -la' }]);
    expect(written).toEqual([]);
    expect(keeper.records).toEqual([]);
  });

  it("keeps the user's own edit made between prompts unless told to overwrite it", async () => {
    await prompt('p1', [{ bash: "sed -i 's/41/43/' src/app.ts && echo agent > agent.txt" }]);
    writeFileSync(path.join(repo, 'src', 'app.ts'), 'export const answer = 99; // mine\n');
    const { plan, outcome } = await rewindTo('p1');
    expect(plan.files.find((file) => file.path.endsWith('app.ts'))).toMatchObject({ userEdited: true, action: 'restore' });
    expect(outcome.keptUserEdits.map((file) => path.basename(file.path))).toEqual(['app.ts']);
    expect(readFileSync(path.join(repo, 'src', 'app.ts'), 'utf8')).toBe('export const answer = 99; // mine\n');
    expect(existsSync(path.join(repo, 'agent.txt'))).toBe(false);
  });

  it('overwrites the user edit when asked', async () => {
    await prompt('p1', [{ bash: "sed -i 's/41/43/' src/app.ts" }]);
    writeFileSync(path.join(repo, 'src', 'app.ts'), 'mine\n');
    await rewindTo('p1', { overwriteUserEdits: true });
    expect(readFileSync(path.join(repo, 'src', 'app.ts'), 'utf8')).toBe('export const answer = 41;\n');
  });

  it('a second rewind does not mistake the first one for a user edit', async () => {
    await prompt('p1', [{ bash: 'echo a >> src/app.ts' }]);
    await prompt('p2', [{ bash: 'echo b >> src/app.ts' }]);
    await rewindTo('p2');
    const { plan } = await rewindTo('p1');
    expect(plan.files.map((file) => file.userEdited)).toEqual([false]);
    expect(readFileSync(path.join(repo, 'src', 'app.ts'), 'utf8')).toBe('export const answer = 41;\n');
  });

  it('an ignored file a call names is checkpointed; an ignored file it never named is left alone', async () => {
    mkdirSync(path.join(repo, 'build'));
    writeFileSync(path.join(repo, 'build', 'out.js'), 'built\n');
    await prompt('p1', [{ bash: 'echo SECRET=2 > .env' }, { bash: 'echo rebuilt > build/out.js && echo new > build/extra.js' }]);
    await rewindTo('p1');
    expect(readFileSync(path.join(repo, '.env'), 'utf8')).toBe('SECRET=1\n');
    expect(readFileSync(path.join(repo, 'build', 'out.js'), 'utf8')).toBe('built\n');
    expect(existsSync(path.join(repo, 'build', 'extra.js'))).toBe(false);
  });

  it('an ignored private file a later call of the prompt deletes comes back with its content and its 0600', async () => {
    chmodSync(path.join(repo, '.env'), 0o600);
    await prompt('p1', [{ bash: 'echo one >> src/app.ts' }, { bash: 'rm .env' }]);
    expect(existsSync(path.join(repo, '.env'))).toBe(false);
    await rewindTo('p1');
    expect(readFileSync(path.join(repo, '.env'), 'utf8')).toBe('SECRET=1\n');
    expect(statSync(path.join(repo, '.env')).mode & 0o777).toBe(0o600);
  });

  it('lists files over the size limit as not checkpointed', async () => {
    const store = new CheckpointStore({ projectFolder: path.join(configDir, 'projects', 'p'), sessionId: 'small', maxFileBytes: 1024 });
    keeper = new CheckpointKeeper({ store, workingDirectories: () => [repo], onRecord: (record) => written.push(record) });
    writeFileSync(path.join(repo, 'big.dat'), Buffer.alloc(4096, 7));
    await prompt('p1', [{ bash: 'echo x >> src/app.ts' }]);
    expect(keeper.records[0]!.notCheckpointed).toEqual([{ path: path.join(repo, 'big.dat'), reason: 'larger than the checkpoint limit (4096 bytes)' }]);
  });

  it('lists what cannot be undone: network, git commits, writes outside, background processes', async () => {
    const outside = path.join(await tempDir('agentcli-cp-outside-'), 'x.txt');
    await prompt('p1', [{ bash: `git commit -qm wip --allow-empty --no-verify` }, { bash: `echo hi > ${outside}` }, { bash: 'curl -s http://127.0.0.1:9/ || true' }]);
    const effects = keeper.records[0]!.irreversible.join('\n');
    expect(effects).toContain('git commit');
    expect(effects).toContain(`wrote outside the working directories: ${outside}`);
    expect(effects).toContain('network: curl');
  });

  it('a prompt that changed no file but fetched a URL is recorded with its effect; rewinding to it restores what later prompts changed', async () => {
    const before = treeState(repo);
    await prompt('p1', [{ fetch: 'https://example.com/deploy?token=1' }]);
    expect(keeper.records).toHaveLength(1);
    expect(keeper.records[0]).toMatchObject({ messageUuid: 'p1', before: [], irreversible: ['network: WebFetch fetched https://example.com/deploy?token=1'] });
    expect(written.map((record) => record.messageUuid)).toEqual(['p1']);
    await prompt('p2', [{ bash: 'echo later >> src/app.ts' }]);
    const { plan } = await rewindTo('p1');
    expect(plan.files.map((file) => path.relative(repo, file.path))).toEqual(['src/app.ts']);
    expect(plan.irreversible).toEqual(['network: WebFetch fetched https://example.com/deploy?token=1']);
    expect(treeState(repo)).toEqual(before);
  });

  it('a prompt with only an effect and nothing after it plans no file change but still lists the effect', async () => {
    await prompt('p1', [{ bash: 'echo one >> src/app.ts' }]);
    await prompt('p2', [{ fetch: 'https://example.com/ping' }]);
    const records = keeper.records;
    const plan = await planRewind(keeper.store, records, checkpointIndexFor(records, 'p2'));
    expect(plan.files).toEqual([]);
    expect(plan.irreversible).toEqual(['network: WebFetch fetched https://example.com/ping']);
  });

  it('restores the permission bits a git tree cannot hold: a private file deleted, a chmod alone, a read-only file rewritten', async () => {
    writeFileSync(path.join(repo, 'secret.key'), 'private\n', { mode: 0o600 });
    chmodSync(path.join(repo, 'secret.key'), 0o600);
    writeFileSync(path.join(repo, 'shared.md'), 'for the group\n');
    chmodSync(path.join(repo, 'shared.md'), 0o664);
    writeFileSync(path.join(repo, 'frozen.txt'), 'read only\n');
    chmodSync(path.join(repo, 'frozen.txt'), 0o444);
    chmodSync(path.join(repo, 'run.sh'), 0o750);
    const before = treeState(repo);
    await prompt('p1', [{ bash: 'rm secret.key && chmod 644 shared.md && chmod u+w frozen.txt && echo more >> frozen.txt && chmod 755 run.sh && chmod 600 src/app.ts' }]);
    const { plan } = await rewindTo('p1');
    expect(Object.fromEntries(plan.files.map((file) => [path.relative(repo, file.path), file.action]))).toEqual({
      'secret.key': 'create',
      'shared.md': 'restore',
      'frozen.txt': 'restore',
      'run.sh': 'restore',
      'src/app.ts': 'restore',
    });
    expect(treeState(repo)).toEqual(before);
    expect(statSync(path.join(repo, 'secret.key')).mode & 0o777).toBe(0o600);
  });

  it("bits learnt by the warm-up of a prompt's first (read-only) call give way to a chmod made before the first change", async () => {
    // Settled files, as git status leaves them (nothing racy that would be hashed again anyway).
    const anHourAgo = new Date(Date.now() - 3_600_000);
    for (const file of ['run.sh', 'src/app.ts', 'logo.bin', 'README.md', '.gitignore']) utimesSync(path.join(repo, file), anHourAgo, anHourAgo);
    git('status', '--porcelain');
    await new Promise((resolve) => setTimeout(resolve, 2_100)); // the index itself out of the racy window
    git('update-index', '--refresh');
    await prompt('p1', [
      { bash: 'cat src/app.ts' },
      { meanwhile: () => keeper.store.idle() }, // the warm-up has looked at every file
      { meanwhile: () => chmodSync(path.join(repo, 'run.sh'), 0o600) },
      { bash: 'rm run.sh' },
    ]);
    await rewindTo('p1');
    expect(statSync(path.join(repo, 'run.sh')).mode & 0o777).toBe(0o600);
  });

  it('a settled private file the first snapshot never read keeps its 0600 through a chmod and a rewind (bits learnt by find)', async () => {
    writeFileSync(path.join(repo, 'private.key'), 'key\n');
    chmodSync(path.join(repo, 'private.key'), 0o600);
    mkdirSync(path.join(repo, 'deep', 'er'), { recursive: true });
    writeFileSync(path.join(repo, 'deep', 'er', 'group.md'), 'g\n');
    chmodSync(path.join(repo, 'deep', 'er', 'group.md'), 0o664);
    git('add', 'private.key', 'deep');
    await settle();
    await prompt('p1', [{ bash: 'chmod 644 private.key deep/er/group.md && echo x >> src/app.ts' }]);
    await rewindTo('p1');
    expect(statSync(path.join(repo, 'private.key')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(repo, 'deep', 'er', 'group.md')).mode & 0o777).toBe(0o664);
  });

  it('a prompt that only changed permission bits lists its files with the mode change, not "no file changes"', async () => {
    await settle();
    await prompt('p1', [{ bash: 'chmod 600 src/app.ts' }]);
    const messages: ConversationMessage[] = [{ type: 'user', uuid: 'p1', timestamp: new Date().toISOString(), content: 'lock it down' }];
    const [point] = await listRewindPoints(keeper, messages);
    expect(point!.changedFiles).toEqual([expect.objectContaining({ path: path.join(repo, 'src', 'app.ts'), modeChange: { from: 0o644, to: 0o600 } })]);
    expect(describeRewindPoint(point!, repo)).toBe('1 file +0 −0: src/app.ts (mode 644→600)');
    const { plan } = await rewindTo('p1');
    expect(plan.files.map((file) => describeRewindFile(file, repo))).toEqual(['restore src/app.ts (mode 600→644)']);
    expect(statSync(path.join(repo, 'src', 'app.ts')).mode & 0o777).toBe(0o644);
  });

  it("the user's own chmod between prompts is listed as theirs and kept, unless they choose to overwrite it", async () => {
    await settle();
    await prompt('p1', [{ bash: 'chmod 640 src/app.ts && echo agent >> README.md' }]);
    chmodSync(path.join(repo, 'src', 'app.ts'), 0o600); // the user's own, after the prompt
    const records = keeper.records;
    const plan = await planRewind(keeper.store, records, checkpointIndexFor(records, 'p1'));
    expect(Object.fromEntries(plan.files.map((file) => [path.relative(repo, file.path), file.userEdited]))).toEqual({ 'src/app.ts': true, 'README.md': false });
    const outcome = await applyRewind(keeper.store, plan, { overwriteUserEdits: false });
    expect(outcome.keptUserEdits.map((file) => path.relative(repo, file.path))).toEqual(['src/app.ts']);
    expect(statSync(path.join(repo, 'src', 'app.ts')).mode & 0o777).toBe(0o600);
    keeper.addRecord(outcome.record);
    await rewindTo('p1', { overwriteUserEdits: true });
    expect(statSync(path.join(repo, 'src', 'app.ts')).mode & 0o777).toBe(0o644);
  });

  it('rewinds a checkpoint an older agentcli wrote (trees from git write-tree, its index, no permission table)', async () => {
    // The store as the old code left it: git's own index for the session, trees written by git.
    const projectFolder = path.join(configDir, 'projects', 'p');
    const gitDir = path.join(projectFolder, 'checkpoints', 'store.git');
    const indexFile = path.join(projectFolder, 'checkpoints', 'indexes', `old-session-${createHash('sha1').update(`${repo}\0`).digest('hex').slice(0, 16)}`);
    mkdirSync(path.dirname(indexFile), { recursive: true });
    const oldGit = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_DIR: gitDir, GIT_WORK_TREE: repo, GIT_INDEX_FILE: indexFile } }).trim();
    oldGit('init', '-q', '--template=');
    const snapshot = () => {
      oldGit('add', '-A');
      return { workTree: repo, prefix: '', tree: oldGit('write-tree') };
    };
    const before = treeState(repo);
    const beforeTree = snapshot();
    execSync("sed -i 's/41/42/' src/app.ts && rm logo.bin && echo new > added.txt && chmod +x run.sh", { cwd: repo, shell: '/bin/bash' });
    const afterTree = snapshot();
    const records: CheckpointRecord[] = [{ messageUuid: 'p1', prompt: 'old', timestamp: '', before: [beforeTree], after: [afterTree], notCheckpointed: [], irreversible: [] }];
    keeper = await newKeeper('old-session', records);
    const { plan } = await rewindTo('p1');
    expect(plan.files.map((file) => path.relative(repo, file.path)).sort()).toEqual(['added.txt', 'logo.bin', 'run.sh', 'src/app.ts']);
    expect(treeState(repo)).toEqual(before);
    // And the session goes on over the index the old code wrote.
    await prompt('p2', [{ bash: 'echo again >> src/app.ts' }]);
    await rewindTo('p2');
    expect(treeState(repo)).toEqual(before);
  });

  it("a hostile .gitattributes filter and the user's global hooks never run in the shadow store", async () => {
    const marker = path.join(os.tmpdir(), `agentcli-filter-ran-${process.pid}`);
    const globalConfig = path.join(configDir, 'evil-gitconfig');
    writeFileSync(globalConfig, `[filter "evil"]\n\tclean = touch ${marker}\n\tsmudge = touch ${marker}\n[core]\n\thooksPath = ${repo}/.git/hooks\n`);
    writeFileSync(path.join(repo, '.gitattributes'), '* filter=evil text eol=crlf\n');
    const saved = { global: process.env.GIT_CONFIG_GLOBAL, dir: process.env.GIT_DIR };
    process.env.GIT_CONFIG_GLOBAL = globalConfig;
    process.env.GIT_DIR = path.join(repo, '.git'); // a parent environment pointing at the user's repository
    try {
      const before = treeState(repo);
      await prompt('p1', [{ bash: "printf 'a\\nb\\n' > lines.txt" }]);
      await rewindTo('p1');
      expect(treeState(repo)).toEqual(before);
    } finally {
      process.env.GIT_CONFIG_GLOBAL = saved.global;
      if (saved.dir === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved.dir;
      if (saved.global === undefined) delete process.env.GIT_CONFIG_GLOBAL;
    }
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(path.join(repo, '.git', 'hooks.log'))).toBe(false);
  });

  it('files the user marked assume-unchanged or skip-worktree are still checkpointed (their index is not copied)', async () => {
    git('update-index', '--assume-unchanged', 'src/app.ts');
    const before = treeState(repo);
    await prompt('p1', [{ bash: "sed -i 's/41/7/' src/app.ts" }]);
    await rewindTo('p1');
    expect(treeState(repo)).toEqual(before);
  });

  it('a resumed session (a new keeper over the written records) rewinds what the old one recorded', async () => {
    const before = treeState(repo);
    await prompt('p1', [{ bash: 'echo more >> src/app.ts && rm logo.bin' }]);
    keeper = await newKeeper('session-2', written);
    await rewindTo('p1');
    expect(treeState(repo)).toEqual(before);
  });
});

describe('checkpoints in a folder that is not a git repository', () => {
  it('works the same', async () => {
    repo = await tempDir('agentcli-cp-plain-');
    writeFileSync(path.join(repo, 'a.txt'), 'alpha\n');
    mkdirSync(path.join(repo, 'docs'));
    writeFileSync(path.join(repo, 'docs', 'b.md'), 'beta\n');
    keeper = await newKeeper('plain');
    const before = treeState(repo, []);
    await prompt('p1', [{ bash: 'rm -rf docs && echo changed > a.txt && mkdir -p new/deep && echo n > new/deep/n.txt' }]);
    await rewindTo('p1');
    expect(treeState(repo, [])).toEqual(before);
  });
});
