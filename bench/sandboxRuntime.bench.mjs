// Our bwrap layer against @anthropic-ai/sandbox-runtime (srt, the runtime behind Claude Code's sandbox),
// per call, on the same commands in the same repository (2,000 files in 200 folders, a `.env` at two
// depths, `secrets/`, `locked.txt`) under the same policy: nothing writable, no network, `.env` (any
// depth) and `secrets/` unreadable, `locked.txt` read-only.
//
//   plain  spawn `bash -c CMD`
//   ours   prepareSandbox (tree scan, policy, bwrap arguments: what every sandboxed Bash call does) + spawn
//   srt    SandboxManager.wrapWithSandboxArgv (its per-call work) + spawn + cleanupAfterCommand
//
// Each call is timed from "about to wrap" to "process closed its output". Each layer runs in its own block,
// alternating with plain calls that are its baseline: run call for call, one layer's leftovers (the kernel
// tearing down network namespaces, srt's relays) slowed the other's next call by 10-15 ms. Reports per-call
// medians, overheads over plain, and the ratio ours / srt (the bar for keeping our own layer: at most 1.5).
// srt needs bwrap, socat and ripgrep on Linux; where it cannot start, its rows say why.
//   node bench/sandboxRuntime.bench.mjs
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importBenchExports } from './benchBundle.mjs';

const ROUNDS = Number(process.env.SANDBOX_RUNTIME_BENCH_ROUNDS ?? 15);
const COMMANDS = ['ls', 'git status --short', 'cat pkg1/mod1/file1.ts'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (process.platform !== 'linux') {
  console.log(JSON.stringify({ name: 'Sandbox layer vs @anthropic-ai/sandbox-runtime', value: 'n/a', unit: '', target: `skipped: compared on Linux only (${process.platform})` }));
  process.exit(0);
}

const lib = await importBenchExports('sandboxRuntimeBench', [
  "export { prepareSandbox } from './src/sandbox/sandboxLaunch.ts';",
  "export { probeSandbox } from './src/sandbox/bwrapAvailability.ts';",
  "export { mergeSandboxSettings } from './src/sandbox/sandboxSettings.ts';",
  "export { compileRuleSet } from './src/permissions/rules/ruleSet.ts';",
  "export { parseRule } from './src/permissions/rules/parseRule.ts';",
]);

const availability = await lib.probeSandbox();
if (!availability.available) {
  console.log(JSON.stringify({ name: 'Sandbox layer vs @anthropic-ai/sandbox-runtime', value: 'n/a', unit: '', target: `skipped: ${availability.reason}` }));
  process.exit(0);
}

// Not under /tmp, like a real project (both sandboxes hide or replace /tmp).
const base = mkdtempSync(path.join('/var/tmp', 'agentcli-srt-bench-'));
const root = path.join(base, 'repo');
mkdirSync(root);
execFileSync('git', ['init', '-q', root]);
for (let d = 0; d < 200; d++) {
  const dir = path.join(root, `pkg${d % 20}`, `mod${d}`);
  mkdirSync(dir, { recursive: true });
  for (let f = 0; f < 10; f++) writeFileSync(path.join(dir, `file${f}.ts`), 'export {};\n');
}
for (const [name, content] of Object.entries({ '.env': 'T=1', 'pkg4/.env': 'T=2', 'secrets/k': 'k', 'locked.txt': 'l', 'CLAUDE.md': '#' })) {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), content);
}
process.chdir(root);

const home = os.homedir();
const rules = ['Read(.env)', 'Read(./secrets/**)', 'Edit(./locked.txt)'].map((text) => ({
  behavior: 'deny',
  rule: lib.parseRule(text).value,
  source: { kind: 'projectSettings', origin: 'bench', fromRepository: true },
}));
const ruleSet = lib.compileRuleSet(rules, { projectRoot: root, home, folderTrusted: true });
const settings = lib.mergeSandboxSettings({ sources: [], override: undefined, trusted: true, projectRoot: root, home });
const sandbox = { settings, availability, configDir: path.join(base, 'config') };
const readOnlyClaim = { kind: 'read-only', network: false };

function run(file, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdio[3].resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${file} exited ${code}: ${output.slice(0, 500)}`))));
  });
}

const layers = {
  plain: async (command) => run('/bin/bash', ['-c', command], process.env),
  ours: async (command) => {
    const prepared = lib.prepareSandbox({ bwrap: availability.bwrap, sandbox, ruleSet, workingDirectories: [root], home, claim: readOnlyClaim });
    const launch = prepared.launcher({ file: '/bin/bash', args: ['-c', command] }, { cwd: root });
    return run(launch.file, launch.args, process.env);
  },
};

let srtProblem;
let srtInitializeMs = 0;
let SandboxManager;
try {
  ({ SandboxManager } = await import('@anthropic-ai/sandbox-runtime'));
  const { rgPath } = await import('@vscode/ripgrep');
  const started = performance.now();
  await SandboxManager.initialize({
    network: { allowedDomains: [], deniedDomains: [] },
    filesystem: { denyRead: ['**/.env', './secrets'], allowWrite: [], denyWrite: ['./locked.txt'] },
    ripgrep: { command: rgPath },
  });
  srtInitializeMs = performance.now() - started;
  layers.srt = async (command) => {
    const { argv, env } = await SandboxManager.wrapWithSandboxArgv(command, '/bin/bash', undefined, undefined, root);
    try {
      return await run(argv[0], argv.slice(1), env);
    } finally {
      SandboxManager.cleanupAfterCommand();
    }
  };
} catch (error) {
  srtProblem = error instanceof Error ? error.message.split('\n')[0] : String(error);
}

// Both must really hold the policy, or the comparison means nothing.
for (const [name, call] of Object.entries(layers)) {
  if (name === 'plain') continue;
  const secret = await call('cat .env pkg4/.env secrets/k 2>/dev/null; true');
  const wrote = await call('touch pkg1/new.txt locked.txt 2>/dev/null && echo wrote || echo refused');
  if (secret.includes('T=') || wrote.includes('wrote')) throw new Error(`${name}: the policy does not hold (read: ${JSON.stringify(secret)}, write: ${wrote.trim()})`);
}

/** One layer's block: its calls alternate with plain ones, the baseline measured in the same conditions. */
async function measure(name) {
  const call = layers[name];
  const times = { plain: [], layer: [] };
  const perCommand = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const command of COMMANDS) {
      for (const [kind, run] of [['plain', layers.plain], ['layer', call]]) {
        const started = performance.now();
        await run(command);
        const elapsed = performance.now() - started;
        times[kind].push(elapsed);
        ((perCommand[command] ??= { plain: [], layer: [] })[kind]).push(elapsed);
      }
    }
  }
  for (const [command, byKind] of Object.entries(perCommand)) console.error(`${name.padEnd(5)} ${command.padEnd(28)} plain ${median(byKind.plain).toFixed(1)}  ${name} ${median(byKind.layer).toFixed(1)}`);
  return { plain: median(times.plain), overhead: median(times.layer) - median(times.plain) };
}

const ours = await measure('ours');
const srt = layers.srt ? await measure('srt') : undefined;
if (SandboxManager) await SandboxManager.reset();
rmSync(base, { recursive: true, force: true });

const rows = [
  { name: 'Sandbox layer comparison: plain `bash -c` call (median over ls, git status, cat)', value: Number(ours.plain.toFixed(1)), unit: 'ms', target: '' },
  { name: 'Sandbox layer comparison: our bwrap layer, overhead per call (median)', value: Number(ours.overhead.toFixed(1)), unit: 'ms', target: '' },
];
if (srt) {
  rows.push(
    { name: 'Sandbox layer comparison: @anthropic-ai/sandbox-runtime, overhead per call (median)', value: Number(srt.overhead.toFixed(1)), unit: 'ms', target: '' },
    { name: 'Sandbox layer comparison: ours / sandbox-runtime overhead', value: Number((ours.overhead / srt.overhead).toFixed(2)), unit: 'x', target: '<= 1.5 (keep ours)' },
    { name: 'Sandbox layer comparison: sandbox-runtime initialize (once per process: proxies, socat bridges)', value: Number(srtInitializeMs.toFixed(1)), unit: 'ms', target: '' },
  );
} else {
  rows.push({ name: 'Sandbox layer comparison: @anthropic-ai/sandbox-runtime', value: 'n/a', unit: '', target: `skipped: ${srtProblem}` });
}
for (const row of rows) console.log(JSON.stringify(row));
