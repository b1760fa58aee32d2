import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FAST_MODEL, fastModelFromEnv } from '../../../src/services/api/models.js';
import { MAX_CONTENT_CHARS } from '../../../src/tools/WebFetchTool/prompt.js';
import { WebFetchTool, clearWebFetchCache, type WebFetchOutput } from '../../../src/tools/WebFetchTool/WebFetchTool.js';
import { runScenario, type ScenarioResult } from '../../support/queryHarness.js';
import { endTurn, lastToolResults, serverError, toolResultText, toolUse, turn } from '../../support/scenario.js';
import { redirectTo, sendPage, startPageServer, type PageServer } from './pageServer.js';
import { contentText, createToolTestSession, type ToolTestSession } from './toolHarness.js';
import { preparedCall } from '../../support/preparedCalls.js';

const ARTICLE = `<!doctype html><html><head><title>Parser notes</title><style>body { color: red }</style>
<script>window.secret = "SCRIPT-CONTENT";</script></head>
<body><header><h1>Parser notes</h1></header><p>The tokenizer is <strong>lazy</strong>. See <a href="/docs">the docs</a>.</p>
<ul><li>first</li><li>second</li></ul><pre><code>npm run parse</code></pre></body></html>`;

describe('WebFetch against a local server', () => {
  let pages: PageServer;
  let other: PageServer;
  let harness: ToolTestSession;
  const slowResponses: Array<() => void> = [];

  beforeAll(async () => {
    other = await startPageServer({ '/landing': sendPage('text/plain', 'other host') });
    pages = await startPageServer({
      '/article': sendPage('text/html; charset=utf-8', ARTICLE),
      '/notes.txt': sendPage('text/plain', 'line one\nline two\n'),
      '/data.json': sendPage('application/json', '{"version":"1.2.3"}'),
      '/image.png': sendPage('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
      '/blob': sendPage('application/octet-stream', Buffer.from([1, 2, 3, 0, 0, 0, 255, 254])),
      '/untyped.txt': sendPage('application/octet-stream', 'plain words after all'),
      '/latin1': sendPage('text/plain; charset=iso-8859-1', Buffer.from('caf\xe9', 'latin1')),
      '/old': redirectTo('/article', 301),
      '/hop1': redirectTo('/hop2'),
      '/hop2': redirectTo('/notes.txt', 307),
      '/loop': redirectTo('/loop'),
      '/elsewhere': (_req, res) => res.writeHead(302, { location: `http://localhost:${other.port}/landing` }).end(),
      '/to-ftp': redirectTo('ftp://example.com/file'),
      '/missing': sendPage('text/plain', 'no such release', 404),
      '/gzipped': (_req, res) => {
        const body = gzipSync(Buffer.from('compressed hello'));
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip', 'content-length': body.length });
        res.end(body);
      },
      '/huge': (_req, res) => {
        // 12 MB of text, written in 64 KB chunks; the reader must stop at its 10 MB limit.
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = 'x'.repeat(65_535) + '\n';
        let sent = 0;
        const write = (): void => {
          while (sent < 12 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) {
              res.once('drain', write);
              return;
            }
          }
          res.end();
        };
        res.on('error', () => undefined);
        write();
      },
      '/big.html': sendPage('text/html', `<html><body>${'<p>paragraph of page text</p>\n'.repeat(80_000)}</body></html>`),
      '/slow': (_req, res) => {
        // Never answers until the test ends.
        slowResponses.push(() => res.destroy());
      },
      '/counted': sendPage('text/plain', 'cache me'),
    });
    harness = await createToolTestSession({ tools: [WebFetchTool], mode: 'bypassPermissions' });
  });

  afterAll(async () => {
    for (const release of slowResponses) release();
    await harness.cleanup();
    await pages.close();
    await other.close();
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    clearWebFetchCache();
  });

  const fetchUrl = (path: string, extra: Record<string, unknown> = {}) => harness.call(WebFetchTool, { url: `${pages.url}${path}`, ...extra });
  const dataOf = (outcome: { data?: unknown }) => outcome.data as WebFetchOutput;

  it('converts HTML to markdown and drops scripts and styles', async () => {
    const outcome = await fetchUrl('/article');
    expect(outcome.status).toBe('success');
    const text = contentText(outcome);
    expect(text).toContain(`Fetched ${pages.url}/article — HTTP 200, text/html`);
    expect(text).toContain('# Parser notes');
    expect(text).toContain('The tokenizer is **lazy**. See [the docs](/docs).');
    expect(text).toContain('- first');
    expect(text).toContain('```\nnpm run parse\n```');
    expect(text).not.toContain('SCRIPT-CONTENT');
    expect(text).not.toContain('color: red');
  });

  it('passes plain text and JSON through unchanged', async () => {
    expect(contentText(await fetchUrl('/notes.txt'))).toMatch(/\n\nline one\nline two\n$/);
    expect(contentText(await fetchUrl('/data.json'))).toMatch(/\n\n\{"version":"1\.2\.3"\}$/);
  });

  it('decodes the declared charset', async () => {
    expect(contentText(await fetchUrl('/latin1'))).toMatch(/café$/);
  });

  it('undoes gzip content encoding', async () => {
    expect(contentText(await fetchUrl('/gzipped'))).toMatch(/compressed hello$/);
  });

  it('refuses binary content named by its content type, with a clear message', async () => {
    const outcome = await fetchUrl('/image.png');
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain('is binary content (image/png');
    expect(contentText(outcome)).toContain('only reads text and HTML');
  });

  it('sniffs content with a generic type: binary bytes refused, text accepted', async () => {
    const blob = await fetchUrl('/blob');
    expect(blob.result.is_error).toBe(true);
    expect(contentText(blob)).toContain('binary');
    expect(contentText(await fetchUrl('/untyped.txt'))).toMatch(/plain words after all$/);
  });

  it('follows redirects on the same host and says where it ended up', async () => {
    const moved = await fetchUrl('/old');
    expect(contentText(moved)).toContain(`Fetched ${pages.url}/article (redirected from ${pages.url}/old)`);
    expect(contentText(moved)).toContain('# Parser notes');
    expect(contentText(await fetchUrl('/hop1'))).toMatch(/line one/);
  });

  it('reports a redirect to another host instead of following it', async () => {
    const before = other.hits('/landing');
    const outcome = await fetchUrl('/elsewhere');
    expect(outcome.status).toBe('success');
    expect(dataOf(outcome)).toMatchObject({ kind: 'cross_host_redirect', redirectUrl: `http://localhost:${other.port}/landing`, status: 302 });
    expect(contentText(outcome)).toContain('redirects (HTTP 302) to a different host');
    expect(contentText(outcome)).toContain(`call WebFetch again with url "http://localhost:${other.port}/landing"`);
    expect(other.hits('/landing')).toBe(before);
  });

  it('stops a redirect loop after a bounded number of hops', async () => {
    const before = pages.hits('/loop');
    const outcome = await fetchUrl('/loop');
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain('redirected more than 10 times');
    expect(pages.hits('/loop') - before).toBe(11);
  });

  it('does not follow a redirect to a non-http scheme', async () => {
    const outcome = await fetchUrl('/to-ftp');
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain('only follows http and https');
  });

  it('reports an HTTP error status with what the server said', async () => {
    const outcome = await fetchUrl('/missing');
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain('answered HTTP 404 Not Found. The response said: no such release');
  });

  it('reads at most 10 MB of a huge body and keeps 100k characters, saying it was cut', async () => {
    const outcome = await fetchUrl('/huge');
    expect(outcome.status).toBe('success');
    const data = dataOf(outcome);
    expect(data).toMatchObject({ kind: 'page', bytes: 10 * 1024 * 1024, truncated: true });
    expect(data.kind === 'page' && data.result.length).toBe(MAX_CONTENT_CHARS);
    expect(contentText(outcome)).toContain('too large and was cut off');
  });

  it('converts a large HTML page off the main thread and caps what it keeps', async () => {
    const outcome = await fetchUrl('/big.html');
    expect(outcome.status).toBe('success');
    const data = dataOf(outcome);
    expect(data.kind).toBe('page');
    if (data.kind !== 'page') return;
    expect(data.truncated).toBe(true);
    expect(data.result.length).toBeLessThanOrEqual(MAX_CONTENT_CHARS);
    expect(data.result).toContain('paragraph of page text');
  });

  it('gives up after the timeout with an actionable message', async () => {
    vi.stubEnv('AGENTCLI_WEB_FETCH_TIMEOUT_MS', '300');
    const outcome = await fetchUrl('/slow');
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain('timed out after 300 ms');
  });

  it('stops at once when the call is aborted', async () => {
    const controller = new AbortController();
    const pending = harness.call(WebFetchTool, { url: `${pages.url}/slow` }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const outcome = await pending;
    expect(['cancelled', 'interrupted']).toContain(outcome.status);
    expect(outcome.result.is_error).toBe(true);
  });

  it('serves a second fetch of the same URL from its cache', async () => {
    const before = pages.hits('/counted');
    const first = await fetchUrl('/counted');
    const second = await fetchUrl('/counted');
    expect(pages.hits('/counted') - before).toBe(1);
    expect(dataOf(first)).toMatchObject({ fromCache: false });
    expect(dataOf(second)).toMatchObject({ fromCache: true });
    expect(contentText(second)).toContain('from cache');
    expect(contentText(second)).toMatch(/cache me$/);
  });

  it.each([
    ['file:///etc/passwd', 'only fetches http and https URLs, not file://. To read a local file, use Read.'],
    ['ftp://example.com/x', 'not ftp://'],
    ['not a url', 'is not a valid URL'],
    ['https://user:secret@example.com/', 'does not send credentials'],
  ])('refuses %s before any request', async (url, message) => {
    const outcome = await harness.call(WebFetchTool, { url });
    expect(outcome.result.is_error).toBe(true);
    expect(contentText(outcome)).toContain(message);
  });

  it('is a read-only, concurrency-safe network read whose permission the general rules decide', async () => {
    const input = { url: 'https://example.com' };
    expect(WebFetchTool.isReadOnly(await preparedCall(WebFetchTool, input))).toBe(true);
    expect(WebFetchTool.isConcurrencySafe(await preparedCall(WebFetchTool, input))).toBe(true);
    const context = harness.session.toolUseContext(new AbortController().signal, [], harness.cwd);
    expect(await WebFetchTool.checkPermissions(await preparedCall(WebFetchTool, input), context)).toEqual({ behavior: 'passthrough' });
  });
});

describe('WebFetch and the permission rules', () => {
  let pages: PageServer;
  let harness: ToolTestSession | undefined;
  beforeAll(async () => {
    pages = await startPageServer({ '/ok': sendPage('text/plain', 'allowed page') });
  });
  afterAll(async () => {
    await pages.close();
  });
  afterEach(async () => {
    clearWebFetchCache();
    await harness?.cleanup();
    harness = undefined;
  });

  it('a WebFetch(domain:...) allow rule lets it run in default mode; without one, a headless run is refused', async () => {
    harness = await createToolTestSession({ tools: [WebFetchTool], mode: 'default', allowedTools: ['WebFetch(domain:127.0.0.1)'] });
    const allowed = await harness.call(WebFetchTool, { url: `${pages.url}/ok` });
    expect(allowed.status).toBe('success');
    expect(contentText(allowed)).toMatch(/allowed page$/);
    await harness.cleanup();

    harness = await createToolTestSession({ tools: [WebFetchTool], mode: 'default', allowedTools: ['WebFetch(domain:example.com)'] });
    const before = pages.hits('/ok');
    const refused = await harness.call(WebFetchTool, { url: `${pages.url}/ok` });
    expect(refused.status).toBe('denied');
    expect(contentText(refused)).toContain('WebFetch(domain:127.0.0.1)');
    expect(pages.hits('/ok')).toBe(before);
  });
});

describe('WebFetch with a prompt, through the loop and the fake model server', () => {
  let pages: PageServer;
  let scenario: ScenarioResult | undefined;

  beforeAll(async () => {
    pages = await startPageServer({ '/release': sendPage('text/html', '<html><body><h1>Release 4.2</h1><p>Adds streaming.</p></body></html>') });
  });
  afterAll(async () => {
    await pages.close();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    clearWebFetchCache();
    await scenario?.cleanup();
    scenario = undefined;
  });

  it('asks the fast model (AGENTCLI_FAST_MODEL) with the page and returns its answer', async () => {
    vi.stubEnv('AGENTCLI_FAST_MODEL', 'claude-fast-test');
    scenario = await runScenario({
      tools: [WebFetchTool],
      mode: 'bypassPermissions',
      script: [
        turn(toolUse('WebFetch', { url: `${pages.url}/release`, prompt: 'What does release 4.2 add?' })),
        endTurn('Release 4.2 adds streaming support.'),
        endTurn('It adds streaming.'),
      ],
    });
    scenario.server.assertNoViolations();
    const sideRequest = scenario.server.requests[1]!;
    expect(sideRequest.body.model).toBe('claude-fast-test');
    expect(sideRequest.body.stream).toBeFalsy();
    expect(sideRequest.body.tools).toBeUndefined();
    const question = JSON.stringify(sideRequest.body.messages);
    expect(question).toContain('# Release 4.2');
    expect(question).toContain('What does release 4.2 add?');

    const [result] = lastToolResults(scenario.server.requests[2]!);
    expect(result?.is_error).toBeFalsy();
    expect(toolResultText(result!)).toContain('Answer from claude-fast-test');
    expect(toolResultText(result!)).toContain('Release 4.2 adds streaming support.');
    expect(toolResultText(result!)).not.toContain('Adds streaming.');
  });

  it('turns a failing fast model into an error result that suggests fetching without a prompt', async () => {
    scenario = await runScenario({
      tools: [WebFetchTool],
      mode: 'bypassPermissions',
      script: [
        turn(toolUse('WebFetch', { url: `${pages.url}/release`, prompt: 'Summarise' })),
        serverError({ status: 400, message: 'model not found' }),
        endTurn('ok'),
      ],
    });
    const [result] = lastToolResults(scenario.server.requests[2]!);
    expect(result?.is_error).toBe(true);
    expect(toolResultText(result!)).toContain(`(${DEFAULT_FAST_MODEL}, set by AGENTCLI_FAST_MODEL) failed`);
    expect(toolResultText(result!)).toContain('without a prompt');
  });

  it('uses Haiku 4.5 when AGENTCLI_FAST_MODEL is unset or blank', () => {
    expect(fastModelFromEnv({})).toBe('claude-haiku-4-5-20251001');
    expect(fastModelFromEnv({ AGENTCLI_FAST_MODEL: '  ' })).toBe('claude-haiku-4-5-20251001');
    expect(fastModelFromEnv({ AGENTCLI_FAST_MODEL: 'x' })).toBe('x');
    expect(fastModelFromEnv({ AGENTCLI_FAST_MODEL: 'sonnet' })).toBe('claude-sonnet-5');
  });
});
