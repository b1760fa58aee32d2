// MCP start-up and ToolSearch deferral, measured on the real code.
//
// 1. Start-up with 3 stdio servers configured (server-everything,
//    server-filesystem, the test fixture). The REPL path — read the config,
//    start the servers, assemble the session — must be ready (prompt shown)
//    without waiting for any server; the servers finish connecting later.
//    Headless runs wait for them on purpose: its time to the first API request
//    is measured with the built CLI, with and without the 3 servers.
// 2. The first request's `tools` bytes with a 200-tool MCP server, deferral
//    off vs auto (which turns on: 200 definitions exceed 10 % of 200k tokens),
//    through the built CLI against the fake Anthropic server. Target ≥ 10×.
//
// Prints one JSON row per figure (bench/run.mjs collects them). Run alone:
//   npm run build && node bench/mcp.bench.mjs
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importBenchExports } from './benchBundle.mjs';
import { headlessFirstRequest } from './headlessFirstRequest.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const EVERYTHING = path.join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const FILESYSTEM = path.join(root, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const FIXTURE = path.join(root, 'test/mcp/fixtures/testServer.mjs');
const MANY_TOOLS = path.join(root, 'test/mcp/fixtures/manyToolsServer.mjs');
const RUNS = 5;
const rows = [];

function bundleEntry() {
  return importBenchExports('mcpBench', [
    "export { startConfiguredMcpServers } from './src/services/mcp/startMcpServers.ts';",
    "export { mcpToolKit } from './src/tools/MCPTool/mcpToolKit.ts';",
    "export { createSession } from './src/app/createSession.ts';",
    "export { startFakeAnthropic } from './test/support/fakeAnthropic.ts';",
    "export { runCleanups } from './src/utils/cleanup.ts';",
  ]);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const threeServers = (dir) => ({
  mcpServers: {
    everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] },
    filesystem: { command: process.execPath, args: [FILESYSTEM, dir] },
    fixture: { command: process.execPath, args: [FIXTURE] },
  },
});

/** The REPL's start-up: prompt-ready time, and when the servers are all connected. */
async function replStartup(lib, dir) {
  const ready = [];
  const connected = [];
  let connectedAtReady = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const mcp = await lib.startConfiguredMcpServers({
      cwd: dir,
      configDir: dir,
      cliConfigs: [JSON.stringify(threeServers(dir))],
      strict: true,
      isTrusted: true,
      loadToolKit: async () => lib.mcpToolKit,
    });
    const session = await lib.createSession({
      cwd: dir,
      env: { ...process.env, AGENTCLI_CONFIG_DIR: dir },
      isInteractive: true,
      isTrusted: true,
      mcp,
      modelClient: { stream: () => { throw new Error('not used'); } },
    });
    ready.push(performance.now() - started);
    connectedAtReady += mcp.connections.filter((connection) => connection.status === 'connected').length;
    await mcp.whenStarted();
    connected.push(performance.now() - started);
    const names = session.tools.map((tool) => tool.name);
    if (!names.includes('mcp__everything__echo') || !names.includes('mcp__fixture__echo')) throw new Error(`servers did not join: ${names.join(', ')}`);
    await mcp.close();
  }
  rows.push({ name: 'REPL start-up, 3 stdio MCP servers configured: session ready (prompt can show), median', value: Math.round(median(ready)), unit: 'ms', target: 'does not wait for servers' });
  rows.push({ name: 'REPL start-up: servers already connected when the session was ready (of 3 × runs)', value: connectedAtReady, unit: 'servers', target: '0' });
  rows.push({ name: 'REPL start-up: all 3 servers connected and their tools in the pool, median', value: Math.round(median(connected)), unit: 'ms', target: 'in the background' });
}

/** Runs the built CLI once; returns ms from spawn to the first API request, and that request. */
async function headlessRun(fake, dir, args, env = {}) {
  const { ms, request } = await headlessFirstRequest(fake, { cwd: dir, args, env });
  return { firstRequestMs: ms, request };
}

async function headlessStartup(lib, dir) {
  const fake = await lib.startFakeAnthropic({ script: () => ({ blocks: [{ type: 'text', text: 'ok' }] }) });
  try {
    const measure = async (args) => {
      const times = [];
      for (let run = 0; run < RUNS; run++) times.push((await headlessRun(fake, dir, args)).firstRequestMs);
      return median(times);
    };
    const without = await measure([]);
    const withServers = await measure(['--mcp-config', JSON.stringify(threeServers(dir))]);
    rows.push({ name: 'headless -p, no MCP servers: process start → first API request, median', value: Math.round(without), unit: 'ms', target: '' });
    rows.push({ name: 'headless -p, 3 stdio MCP servers (waits for them by design): → first API request, median', value: Math.round(withServers), unit: 'ms', target: '≤ MCP_TIMEOUT' });
  } finally {
    await fake.close();
  }
}

async function deferralBytes(lib, dir) {
  const fake = await lib.startFakeAnthropic({ script: () => ({ blocks: [{ type: 'text', text: 'ok' }] }) });
  try {
    const config = ['--mcp-config', JSON.stringify({ mcpServers: { many: { command: process.execPath, args: [MANY_TOOLS] } } })];
    const toolBytes = (request) => Buffer.byteLength(JSON.stringify(request.body.tools ?? []));
    const builtInOnly = toolBytes((await headlessRun(fake, dir, [])).request);
    // Deferral starts at 10 % of the window: the 200 tools (~60k tokens) cross it on a 200k-window model.
    const off = (await headlessRun(fake, dir, [...config, '--model', 'haiku'], { AGENTCLI_TOOL_SEARCH: 'off' })).request;
    const auto = (await headlessRun(fake, dir, [...config, '--model', 'haiku'])).request;
    const offBytes = toolBytes(off);
    const autoBytes = toolBytes(auto);
    const mcpOff = offBytes - builtInOnly;
    const toolSearchBytes = Buffer.byteLength(JSON.stringify(auto.body.tools.find((tool) => tool.name === 'ToolSearch') ?? {}));
    rows.push({ name: `first request tools, 200 MCP tools, deferral off (${off.body.tools.length} definitions)`, value: offBytes, unit: 'bytes', target: '' });
    rows.push({ name: `first request tools, 200 MCP tools, deferral auto → on (${auto.body.tools.length} definitions)`, value: autoBytes, unit: 'bytes', target: '' });
    rows.push({ name: 'first request tools: off / on, whole tools array (built-ins included)', value: Number((offBytes / autoBytes).toFixed(1)), unit: '×', target: '≥ 10×' });
    rows.push({ name: `first request tools: MCP definitions withheld (${mcpOff} bytes) / the ToolSearch definition sent instead (${toolSearchBytes} bytes)`, value: Number((mcpOff / toolSearchBytes).toFixed(1)), unit: '×', target: '' });
    rows.push({ name: 'first request tools: built-ins only, for reference', value: builtInOnly, unit: 'bytes', target: '' });
  } finally {
    await fake.close();
  }
}

const lib = await bundleEntry();
const dir = await mkdtemp(path.join(os.tmpdir(), 'agentcli-mcp-bench-'));
try {
  await replStartup(lib, dir);
  await headlessStartup(lib, dir);
  await deferralBytes(lib, dir);
} finally {
  await lib.runCleanups();
  await rm(dir, { recursive: true, force: true });
}
for (const row of rows) console.log(JSON.stringify(row));
if (process.stdout.isTTY) for (const row of rows) console.error(`${row.name}: ${row.value} ${row.unit}`);
process.exit(0);
