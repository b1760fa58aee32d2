/**
 * agentcli's own git object store for checkpoints, run against the user's
 * files without ever touching the user's repository: its own GIT_DIR and
 * index, the user's work tree only read (snapshots) or written by restore.
 *
 * Isolation is the point, because the work tree belongs to someone who may
 * have configured git to run code: no system or global config is read
 * (GIT_CONFIG_NOSYSTEM, GIT_CONFIG_GLOBAL=/dev/null), no hook can run
 * (core.hooksPath=/dev/null), no fsmonitor daemon is asked, every GIT_*
 * variable of the parent environment is dropped (a GIT_DIR or
 * GIT_INDEX_FILE there would redirect us into the user's repository), and
 * the store's info/attributes — the highest-precedence attribute file —
 * switches off every attribute that transforms content (filters, eol and
 * text conversion, ident, working-tree-encoding), so a `.gitattributes` in
 * the work tree can neither run a filter driver nor make a snapshot differ
 * from the bytes on disk.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Attributes that change bytes between disk and store, unset for every path. */
const NEUTRAL_ATTRIBUTES = '* -text -eol -crlf -filter -ident -working-tree-encoding\n';

const ISOLATING_CONFIG = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.autocrlf=false',
  'core.safecrlf=false',
  'core.symlinks=true',
  'core.filemode=true',
  'core.ignorecase=false',
  'core.precomposeunicode=false',
  'core.quotepath=false',
  'core.splitIndex=false',
  'core.untrackedCache=false',
  'core.sparseCheckout=false',
  'core.protectNTFS=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'advice.detachedHead=false',
  'index.skipHash=false',
  'user.name=agentcli',
  'user.email=agentcli@localhost',
].flatMap((setting) => ['-c', setting]);

export type GitResult = { readonly code: number; readonly stdout: Buffer; readonly stderr: string };

export type ShadowGitOptions = {
  /** The store (a git directory of agentcli's own). */
  readonly gitDir: string;
  readonly workTree: string;
  readonly indexFile: string;
};

/** The environment every shadow git process gets: the parent's minus every GIT_* variable, plus isolation. */
function shadowEnvironment(options: ShadowGitOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  return {
    ...env,
    GIT_DIR: options.gitDir,
    GIT_WORK_TREE: options.workTree,
    GIT_INDEX_FILE: options.indexFile,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_LITERAL_PATHSPECS: '0',
    LC_ALL: 'C',
  };
}

export class ShadowGit {
  private readonly env: NodeJS.ProcessEnv;

  constructor(readonly options: ShadowGitOptions) {
    this.env = shadowEnvironment(options);
  }

  /** Another view of the same store: a different index (restore's scratch index). */
  withIndex(indexFile: string): ShadowGit {
    return new ShadowGit({ ...this.options, indexFile });
  }

  run(args: readonly string[], input?: string | Buffer): Promise<GitResult> {
    return new Promise((resolve, reject) => {
      const child = spawn('git', [...ISOLATING_CONFIG, ...args], { cwd: this.options.workTree, env: this.env, stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') }));
      child.stdin.on('error', () => undefined); // git may exit before reading all of it; its exit code says why
      child.stdin.end(input);
    });
  }

  /** Runs git and returns stdout, or throws one line naming the command and git's complaint. */
  async output(args: readonly string[], input?: string | Buffer): Promise<Buffer> {
    const result = await this.run(args, input);
    if (result.code !== 0) throw new Error(`git ${args[0]} failed in the checkpoint store: ${result.stderr.trim().split('\n').at(-1) ?? `exit ${result.code}`}`);
    return result.stdout;
  }
}

/**
 * Creates the store if it is not there: an empty git directory with no
 * template (no sample hooks), the neutral attributes, and an exclude file
 * that keeps the store itself out of snapshots when it lies inside a work tree.
 */
export async function ensureStore(gitDir: string): Promise<void> {
  if (existsSync(path.join(gitDir, 'HEAD'))) {
    // Written every time: a store made by an older agentcli gets today's neutral attributes.
    await writeFile(path.join(gitDir, 'info', 'attributes'), NEUTRAL_ATTRIBUTES).catch(() => undefined);
    return;
  }
  await mkdir(gitDir, { recursive: true, mode: 0o700 });
  const init = new ShadowGit({ gitDir, workTree: gitDir, indexFile: path.join(gitDir, 'index') });
  await init.output(['init', '--quiet', '--template=']);
  await mkdir(path.join(gitDir, 'info'), { recursive: true });
  await writeFile(path.join(gitDir, 'info', 'attributes'), NEUTRAL_ATTRIBUTES);
}

/** Splits git's NUL-terminated output into strings. */
export function nulSeparated(output: Buffer): string[] {
  const text = output.toString('utf8');
  const parts = text.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}
