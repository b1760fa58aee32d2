// The built CLI run once headless (`agentcli -p hi …`) against a fake model server: ms from spawn to the
// first API request, and that request. Shared by the benches that time a headless start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'bin', 'agentcli.js');

export function headlessFirstRequest(fake, { cwd, configDir = cwd, args = [], env = {} }) {
  return new Promise((resolve, reject) => {
    const before = fake.requests.length;
    const started = performance.timeOrigin + performance.now();
    const child = spawn(process.execPath, [CLI, '-p', 'hi', ...args], {
      cwd,
      env: { ...process.env, ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: fake.url, AGENTCLI_CONFIG_DIR: configDir, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const request = fake.requests[before];
      if (code !== 0 || !request) return reject(new Error(`agentcli exited ${code}: ${stderr}`));
      resolve({ ms: request.receivedAt - started, request });
    });
  });
}
