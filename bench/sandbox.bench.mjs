// What the OS sandbox adds to an auto-allowed read-only Bash call: the same command (`ls`, claimed
// read-only by its analysis, so it runs under the read-only policy) through the real BashTool, plain
// and inside bwrap, alternating, in a repository of 2,000 files in 200 folders
// with deny rules that need the tree searched (`Read(.env)` at any depth, `Read(./secrets/**)`,
// `Edit(./locked.txt)`, `Bash(rm -rf data:*)`). Reports the median of each and the difference
// (target: at most 10 ms added per call, the first call at most 30 ms). A first call happens once per
// process, so it is measured in several fresh processes (SANDBOX_BENCH_FIRST_CALLS, default 5) on the
// same repository and reported as their median.  node bench/sandbox.bench.mjs
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBench, benchTmp, repoRoot } from './benchBundle.mjs';

const ROUNDS = Number(process.env.SANDBOX_BENCH_ROUNDS ?? 40);
const FIRST_CALLS = Number(process.env.SANDBOX_BENCH_FIRST_CALLS ?? 5);
/** Set in the fresh processes that each measure one first call, on the repository this process made. */
const firstCallBase = process.env.SANDBOX_BENCH_FIRST_CALL_BASE;
const out = path.join(benchTmp, 'sandbox-bench');
if (!firstCallBase) await bundleForBench({
  entryPoints: {
    BashTool: path.join(repoRoot, 'src/tools/BashTool/BashTool.ts'),
    sessionSandbox: path.join(repoRoot, 'src/sandbox/sessionSandbox.ts'),
    sandboxSettings: path.join(repoRoot, 'src/sandbox/sandboxSettings.ts'),
    ruleSet: path.join(repoRoot, 'src/permissions/rules/ruleSet.ts'),
    parseRule: path.join(repoRoot, 'src/permissions/rules/parseRule.ts'),
    appState: path.join(repoRoot, 'src/state/appState.ts'),
  },
  outdir: out,
  splitting: true,
  outExtension: { '.js': '.mjs' },
});
const load = (name) => import(path.join(out, `${name}.mjs`));
const [{ BashTool, preloadBashTool }, { createSessionSandbox }, { mergeSandboxSettings }, { compileRuleSet }, { parseRule }, { createAppStateStore, initialAppState }] =
  await Promise.all(['BashTool', 'sessionSandbox', 'sandboxSettings', 'ruleSet', 'parseRule', 'appState'].map(load));

// Not under /tmp, like a real project (the sandbox gives commands a private /tmp).
const base = firstCallBase ?? mkdtempSync(path.join(process.platform === 'linux' ? '/var/tmp' : os.tmpdir(), 'agentcli-sandbox-bench-'));
const root = path.join(base, 'repo');
if (!firstCallBase) {
  mkdirSync(root);
  execFileSync('git', ['init', '-q', root]);
  for (let d = 0; d < 200; d++) {
    const dir = path.join(root, `pkg${d % 20}`, `mod${d}`);
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 10; f++) writeFileSync(path.join(dir, `file${f}.ts`), 'export {};\n');
  }
  for (const [name, content] of Object.entries({ '.env': 'T=1', 'secrets/k': 'k', 'locked.txt': 'l', 'data/x': 'x', 'CLAUDE.md': '#', 'pkg3/CLAUDE.md': '#', 'pkg4/.env': 'T=2' })) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
}

const rules = ['Read(.env)', 'Read(./secrets/**)', 'Edit(./locked.txt)', 'Bash(rm -rf data:*)'].map((text) => {
  const parsed = parseRule(text);
  return { behavior: 'deny', rule: parsed.value, source: { kind: 'projectSettings', origin: 'bench', fromRepository: true } };
});
const ruleSet = compileRuleSet(rules, { projectRoot: root, home: os.homedir(), folderTrusted: true });

async function contextFor(enabled) {
  const settings = mergeSandboxSettings({ sources: [{ file: 'bench', fromRepository: false, settings: { enabled } }], override: undefined, trusted: true, projectRoot: root, home: os.homedir() });
  const sandbox = await createSessionSandbox({ settings, configDir: path.join(base, 'config'), bypassPossible: true });
  const permissionContext = { mode: 'default', workingDirectories: [root], isBypassAvailable: true, rules: { __ruleSet: true, ruleSet }, sandbox };
  return { sandbox, context: (id, grant) => ({
    ...(grant ? { grant } : {}),
    abortSignal: new AbortController().signal,
    toolUseId: id,
    cwd: root,
    projectRoot: root,
    session: { id: 'bench', dir: path.join(base, 'session'), configDir: path.join(base, 'config') },
    appState: createAppStateStore(initialAppState(permissionContext)),
  }) };
}

await preloadBashTool();
const plain = await contextFor(false);
const boxed = await contextFor(true);
if (!boxed.sandbox.availability?.available) {
  const why = boxed.sandbox.availability ? boxed.sandbox.availability.reason : 'not probed';
  console.log(JSON.stringify({ name: 'Sandbox overhead per Bash call', value: 'n/a', unit: '', target: `skipped: ${why}` }));
  rmSync(base, { recursive: true, force: true });
  process.exit(0);
}

const input = BashTool.inputSchema.parse({ command: 'ls' });
// The pipeline hands the call its analysis (made once when the call is prepared, sandbox or not).
const grant = { by: 'rules', facts: await BashTool.declareFacts(input, { cwd: root, home: os.homedir() }) };

async function timeCall(setup, id) {
  const started = performance.now();
  const { data } = await BashTool.call(input, setup.context(id, grant), () => undefined);
  const elapsed = performance.now() - started;
  if (data.exitCode !== 0) throw new Error(`unexpected result: ${JSON.stringify(data)}`);
  return { elapsed, sandboxed: data.sandboxed, policy: data.sandboxPolicy };
}

// The first sandboxed call walks the tree (later calls revalidate the cached listings): its overhead is
// measured against a plain call made just before it.
await timeCall(plain, 'warm-up');
const firstPlain = await timeCall(plain, 'warm-plain');
const first = await timeCall(boxed, 'warm-boxed');
if (firstCallBase) {
  console.log(JSON.stringify({ firstCallOverheadMs: first.elapsed - firstPlain.elapsed }));
  process.exit(0);
}
const firstCallOverheads = [first.elapsed - firstPlain.elapsed];
for (let run = 1; run < FIRST_CALLS; run++) {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { env: { ...process.env, SANDBOX_BENCH_FIRST_CALL_BASE: base }, encoding: 'utf8' });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) throw new Error(`first-call process failed: ${child.stderr}`);
  firstCallOverheads.push(JSON.parse(line).firstCallOverheadMs);
}
const plainTimes = [];
const boxedTimes = [];
for (let round = 0; round < ROUNDS; round++) {
  plainTimes.push((await timeCall(plain, `p${round}`)).elapsed);
  const run = await timeCall(boxed, `b${round}`);
  if (!run.sandboxed || run.policy !== 'read-only') throw new Error(`the sandboxed call did not run under the read-only claim (${run.policy})`);
  boxedTimes.push(run.elapsed);
}
rmSync(base, { recursive: true, force: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const plainMs = median(plainTimes);
const boxedMs = median(boxedTimes);
const rows = [
  { name: 'Bash call `ls`, plain (median)', value: Number(plainMs.toFixed(1)), unit: 'ms', target: '' },
  { name: 'Bash call `ls`, auto-allowed read-only claim in the bwrap sandbox, 2,000-file repo, tree-searching deny rules (median)', value: Number(boxedMs.toFixed(1)), unit: 'ms', target: '' },
  { name: 'Sandbox overhead per auto-allowed read-only Bash call (median)', value: Number((boxedMs - plainMs).toFixed(1)), unit: 'ms', target: '<= 10 ms' },
  { name: `Sandbox overhead, first call (cold tree scan; median of ${firstCallOverheads.length} fresh processes)`, value: Number(median(firstCallOverheads).toFixed(1)), unit: 'ms', target: '<= 30 ms' },
];
for (const row of rows) console.log(JSON.stringify(row));
if (process.stdout.isTTY) for (const row of rows) console.error(`${row.name}: ${row.value} ${row.unit}  ${row.target}`);
