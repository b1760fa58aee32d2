// HTTPS_PROXY / HTTP_PROXY / NO_PROXY: the model API and WebFetch go through the user's
// proxy, against a real local proxy. The targets use reserved .test host names that only
// the proxy can "resolve" (it forwards them to local servers), so a request that skipped
// the proxy could not succeed.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openGet } from '../../src/tools/WebFetchTool/httpGet.js';
import { startFakeAnthropic, type FakeAnthropicServer } from '../support/fakeAnthropic.js';
import { runCli, tempDir } from '../support/runCli.js';
import { endTurn } from '../support/scenario.js';
import { startProxy, type TestProxy } from '../support/httpProxy.js';

let proxy: TestProxy;
let fake: FakeAnthropicServer | undefined;
const savedEnv = { ...process.env };

beforeEach(async () => {
  proxy = await startProxy();
});
afterEach(async () => {
  await proxy.close();
  await fake?.close();
  fake = undefined;
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'NO_PROXY', 'no_proxy', 'ALL_PROXY', 'all_proxy']) {
    if (savedEnv[name] === undefined) delete process.env[name];
    else process.env[name] = savedEnv[name];
  }
});

async function headlessVia(env: Record<string, string>) {
  fake = await startFakeAnthropic({ script: [endTurn('Hello through the proxy.')] });
  const port = new URL(fake.url).port;
  return runCli(['-p', 'hi'], {
    cwd: await tempDir('agentcli-proxy-cwd-'),
    env: {
      ANTHROPIC_BASE_URL: `http://api.example.test:${port}`,
      ANTHROPIC_API_KEY: 'test-key',
      AGENTCLI_CONFIG_DIR: await tempDir('agentcli-proxy-config-'),
      AGENTCLI_MAX_RETRIES: '0',
      HTTP_PROXY: '',
      HTTPS_PROXY: '',
      http_proxy: '',
      https_proxy: '',
      NO_PROXY: '',
      no_proxy: '',
      ...env,
    },
  });
}

describe('the model API through a proxy', () => {
  it('HTTP_PROXY carries the request to the API', async () => {
    const run = await headlessVia({ HTTP_PROXY: proxy.url });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('Hello through the proxy.');
    expect(proxy.seen.some((line) => /^POST http:\/\/api\.example\.test:\d+\/v1\/messages/.test(line))).toBe(true);
  });

  it('NO_PROXY sends it direct (here: to a host only the proxy knows, so it fails with one clear line)', async () => {
    const run = await headlessVia({ http_proxy: proxy.url, no_proxy: 'localhost,.example.test' });
    expect(proxy.seen).toEqual([]);
    expect(run.code).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('could not reach the API at http://api.example.test');
  });

  it('a loopback API is always reached directly', async () => {
    fake = await startFakeAnthropic({ script: [endTurn('direct')] });
    const run = await runCli(['-p', 'hi'], {
      cwd: await tempDir('agentcli-proxy-cwd-'),
      env: { ANTHROPIC_BASE_URL: fake.url, ANTHROPIC_API_KEY: 'k', AGENTCLI_CONFIG_DIR: await tempDir('agentcli-proxy-config-'), HTTP_PROXY: proxy.url, NO_PROXY: '' },
    });
    expect(run.stdout.trim()).toBe('direct');
    expect(proxy.seen).toEqual([]);
  });
});

describe('WebFetch through a proxy', () => {
  it('plain HTTP goes to the proxy as an absolute-URI request', async () => {
    const site = http.createServer((_request, response) => response.end('<p>proxied page</p>'));
    site.listen(0, '127.0.0.1');
    await once(site, 'listening');
    process.env.HTTP_PROXY = proxy.url;
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    const port = (site.address() as AddressInfo).port;
    const response = await openGet(new URL(`http://docs.example.test:${port}/page`), new AbortController().signal);
    const { body } = await response.readBody(1_000_000);
    expect(body.toString()).toBe('<p>proxied page</p>');
    expect(proxy.seen).toEqual([`GET http://docs.example.test:${port}/page`]);
    site.close();
  });

  it('HTTPS goes through a CONNECT tunnel to the named host', async () => {
    process.env.HTTPS_PROXY = proxy.url;
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    // The proxy refuses the tunnel; its refusal is what the tool sees (never a direct connection).
    const response = await openGet(new URL('https://docs.example.test/page'), new AbortController().signal);
    expect(response.status).toBe(403);
    response.discard();
    expect(proxy.seen).toEqual(['CONNECT docs.example.test:443']);
  });
});
