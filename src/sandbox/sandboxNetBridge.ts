/**
 * The bridge a sandboxed command's network goes through when only some
 * domains are allowed: inside the sandbox (loopback only), it listens on
 * 127.0.0.1:<port>, forwards every connection to the filtering proxy's Unix
 * socket bound in from outside, and runs the shell with the proxy
 * variables pointing at it. Plain JavaScript run with `node -e`, because it
 * runs as its own process inside the sandbox, apart from agentcli's bundle.
 */

/** Port inside the sandbox's own network namespace: nothing else listens there. */
export const BRIDGE_PORT = 3128;

const BRIDGE_SOURCE = `
const net = require('node:net');
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const [socketPath, port, ...argv] = process.argv.slice(1);
const server = net.createServer((client) => {
  const upstream = net.connect(socketPath);
  client.pipe(upstream); upstream.pipe(client);
  client.on('error', () => upstream.destroy()); upstream.on('error', () => client.destroy());
});
server.listen(Number(port), '127.0.0.1', () => {
  let state = 'ignore';
  try { fs.fstatSync(3); state = 3; } catch {}
  const child = spawn(argv[0], argv.slice(1), { stdio: [0, 1, 2, state] });
  child.on('exit', (code, signal) => process.exit(code === null ? 128 + (require('node:os').constants.signals[signal] || 0) : code));
  child.on('error', (error) => { process.stderr.write(String(error.message) + '\\n'); process.exit(127); });
});
`;

/** The argv that starts the bridge in front of `argv`. */
export function bridgedArgv(socketPath: string, argv: readonly string[]): string[] {
  return [process.execPath, '-e', BRIDGE_SOURCE, socketPath, String(BRIDGE_PORT), ...argv];
}

/**
 * What programs read to find the proxy (curl, npm, pip, git…). Node reads HTTP(S)_PROXY for its own http and
 * fetch only when NODE_USE_ENV_PROXY is set, in the releases that know it (most MCP servers are Node programs).
 */
export function proxyEnvironment(): Record<string, string> {
  const url = `http://127.0.0.1:${BRIDGE_PORT}`;
  return { HTTP_PROXY: url, HTTPS_PROXY: url, http_proxy: url, https_proxy: url, ALL_PROXY: url, all_proxy: url, npm_config_proxy: url, npm_config_https_proxy: url, NO_PROXY: '', no_proxy: '', NODE_USE_ENV_PROXY: '1' };
}
