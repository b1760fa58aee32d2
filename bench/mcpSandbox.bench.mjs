// What running a stdio MCP server in the OS sandbox costs at start-up: the same server started sandboxed
// (the default) and with "sandbox": false, alternating, on the real code.
//
// 1. Start → connected (tools listed), through the manager a session uses, with the session's
//    permission context (setupPermissions) feeding the sandbox policy: the test fixture server and
//    server-everything.
// 2. The built CLI, headless, one server configured: process start → first API request (headless
//    waits for its servers by design).
//
// Prints one JSON row per figure (bench/run.mjs collects them). Run alone:
//   npm run build && node bench/mcpSandbox.bench.mjs
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBenchExports } from './benchBundle.mjs';
import { headlessFirstRequest } from './headlessFirstRequest.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SERVERS = {
  fixture: path.join(root, 'test/mcp/fixtures/testServer.mjs'),
  everything: path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'),
};
const RUNS = 9;
const rows = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const lib = await importBenchExports('mcpSandboxBench', [
  "export { startConfiguredMcpServers } from './src/services/mcp/startMcpServers.ts';",
  "export { mcpToolKit } from './src/tools/MCPTool/mcpToolKit.ts';",
  "export { loadMemorySources } from './src/context/memoryFiles.ts';",
  "export { setupPermissions } from './src/permissions/setup.ts';",
  "export { createMcpServerSandbox } from './src/sandbox/mcpServerSandbox.ts';",
  "export { probeSandbox } from './src/sandbox/bwrapAvailability.ts';",
  "export { startFakeAnthropic } from './test/support/fakeAnthropic.ts';",
  "export { runCleanups } from './src/utils/cleanup.ts';",
]);

/** The MCP server sandbox a session in `dir` gives its servers (its permission context, as setupPermissions builds it). */
async function sessionMcpSandbox(dir) {
  const { context } = await lib.setupPermissions({ cwd: dir, configDir: dir, memoryFiles: lib.loadMemorySources({ cwd: dir, projectRoot: dir, configDir: dir }), mode: 'default', additionalDirectories: [], allowedTools: [], disallowedTools: [], isTrusted: true, isBypassAvailable: false });
  return lib.createMcpServerSandbox({
    context: async () => ({ ruleSet: context.rules.ruleSet, workingDirectories: context.workingDirectories, home: os.homedir(), sandbox: context.sandbox, env: process.env }),
    onWarning: (line) => console.error(line),
  });
}

const entry = (script, sandboxed) => ({ command: process.execPath, args: [script], ...(sandboxed ? {} : { sandbox: false }) });

async function connectTimes(dir, name, script) {
  const sandbox = await sessionMcpSandbox(dir);
  const times = { true: [], false: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const sandboxed of [true, false]) {
      const started = performance.now();
      const mcp = await lib.startConfiguredMcpServers({ cwd: dir, configDir: dir, cliConfigs: [JSON.stringify({ mcpServers: { [name]: entry(script, sandboxed) } })], strict: true, isTrusted: true, sandbox, loadToolKit: async () => lib.mcpToolKit });
      await mcp.whenStarted();
      const connection = mcp.connections[0];
      if (connection.status !== 'connected') throw new Error(`${name} did not connect: ${connection.problem}`);
      if ((connection.sandbox?.sandboxed ?? false) !== sandboxed) throw new Error(`${name}: expected sandboxed=${sandboxed}`);
      times[sandboxed].push(performance.now() - started);
      await mcp.close();
    }
  }
  const on = median(times.true);
  const off = median(times.false);
  rows.push({ name: `MCP ${name} server start → connected, sandboxed (bwrap), median of ${RUNS}`, value: Math.round(on), unit: 'ms', target: '' });
  rows.push({ name: `MCP ${name} server start → connected, "sandbox": false, median of ${RUNS}`, value: Math.round(off), unit: 'ms', target: '' });
  rows.push({ name: `MCP ${name} server: start-up cost of the sandbox (difference of medians)`, value: Math.round(on - off), unit: 'ms', target: '' });
}

/** The sandbox alone, without a server's own boot: `true` started directly vs inside the policy a server gets. */
async function spawnOverhead(dir) {
  const sandbox = await sessionMcpSandbox(dir);
  const times = { wrap: [], sandboxed: [], direct: [] };
  for (let run = 0; run < RUNS * 3; run++) {
    let started = performance.now();
    const wrapped = await sandbox.wrap({ sandbox: undefined, fromRepository: false }, { command: '/bin/true', args: [], cwd: dir, searchPath: process.env.PATH });
    times.wrap.push(performance.now() - started);
    if (!wrapped.ok) throw new Error(wrapped.error);
    started = performance.now();
    spawnSync(wrapped.launch.command, wrapped.launch.args);
    times.sandboxed.push(performance.now() - started);
    started = performance.now();
    spawnSync('/bin/true');
    times.direct.push(performance.now() - started);
  }
  rows.push({ name: 'MCP server sandbox: building the policy and bwrap command (tree scan of the working directory), median', value: Number(median(times.wrap).toFixed(1)), unit: 'ms', target: '' });
  rows.push({ name: 'MCP server sandbox: /bin/true inside it vs directly, extra per start (median)', value: Number((median(times.sandboxed) - median(times.direct)).toFixed(1)), unit: 'ms', target: '' });
}

async function headless(dir) {
  const fake = await lib.startFakeAnthropic({ script: () => ({ blocks: [{ type: 'text', text: 'ok' }] }) });
  try {
    const times = { true: [], false: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const sandboxed of [true, false]) {
        times[sandboxed].push((await headlessFirstRequest(fake, { cwd: dir, args: ['--mcp-config', JSON.stringify({ mcpServers: { fixture: entry(SERVERS.fixture, sandboxed) } })] })).ms);
      }
    }
    rows.push({ name: `headless -p, 1 stdio MCP server sandboxed: → first API request, median of ${RUNS}`, value: Math.round(median(times.true)), unit: 'ms', target: '' });
    rows.push({ name: `headless -p, 1 stdio MCP server "sandbox": false: → first API request, median of ${RUNS}`, value: Math.round(median(times.false)), unit: 'ms', target: '' });
  } finally {
    await fake.close();
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-sandbox-bench-'));
try {
  await mkdir(path.join(dir, '.git'));
  if (!(await lib.probeSandbox()).available) {
    rows.push({ name: 'MCP server sandbox: bubblewrap unavailable here, nothing measured', value: 0, unit: '', target: '' });
  } else {
    await spawnOverhead(dir);
    for (const [name, script] of Object.entries(SERVERS)) await connectTimes(dir, name, script);
    await headless(dir);
  }
} finally {
  await lib.runCleanups();
  await rm(dir, { recursive: true, force: true });
}
for (const row of rows) console.log(JSON.stringify(row));
if (process.stdout.isTTY) for (const row of rows) console.error(`${row.name}: ${row.value} ${row.unit}`);
process.exit(0);
