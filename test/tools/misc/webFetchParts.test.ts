import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindOfMediaType, parseContentType, sniffKind } from '../../../src/tools/WebFetchTool/contentKind.js';
import { TtlCache } from '../../../src/tools/WebFetchTool/fetchCache.js';
import { fetchPage, MAX_BODY_BYTES } from '../../../src/tools/WebFetchTool/fetchPage.js';
import { htmlToMarkdown } from '../../../src/tools/WebFetchTool/htmlToMarkdown.js';
import { checkFetchUrl, isSameHost, upgradeToHttps } from '../../../src/tools/WebFetchTool/urlPolicy.js';
import { startPageServer, type PageServer } from './pageServer.js';

describe('WebFetch URL policy', () => {
  it.each([
    ['http://example.com/docs', 'https://example.com/docs'],
    ['http://example.com:80/docs', 'https://example.com/docs'],
    ['http://example.com:8080/x', 'https://example.com:8080/x'],
    ['https://example.com/', 'https://example.com/'],
    // Loopback stays on http so a local dev server (and the test server) can be fetched.
    ['http://localhost:3000/', 'http://localhost:3000/'],
    ['http://127.0.0.1:8000/a', 'http://127.0.0.1:8000/a'],
    ['http://[::1]:9000/', 'http://[::1]:9000/'],
  ])('upgrades %s to %s', (from, to) => {
    expect(upgradeToHttps(new URL(from)).href).toBe(to);
  });

  it('follows only redirects to the exact same host name, since permission rules name exact hosts', () => {
    const same = (a: string, b: string) => isSameHost(new URL(a), new URL(b));
    expect(same('https://Example.com/a', 'https://example.com:8443/b')).toBe(true);
    expect(same('https://example.com/a', 'https://www.example.com/b')).toBe(false);
    expect(same('http://example.com/a', 'https://example.com/b')).toBe(true);
    expect(same('https://example.com/', 'https://docs.example.com/')).toBe(false);
    expect(same('https://example.com/', 'https://example.com.evil.net/')).toBe(false);
    expect(same('http://127.0.0.1:1/', 'http://localhost:1/')).toBe(false);
  });

  it('accepts only http(s) URLs without credentials and of bounded length', () => {
    expect(checkFetchUrl('https://example.com').ok).toBe(true);
    expect(checkFetchUrl('javascript:alert(1)').ok).toBe(false);
    expect(checkFetchUrl('data:text/plain,hi').ok).toBe(false);
    expect(checkFetchUrl(`https://example.com/${'a'.repeat(2_100)}`)).toMatchObject({ ok: false, message: expect.stringContaining('at most 2000') });
  });
});

describe('WebFetch content kinds', () => {
  it('parses media type and charset', () => {
    expect(parseContentType('text/HTML; Charset="ISO-8859-1"')).toEqual({ mediaType: 'text/html', charset: 'ISO-8859-1' });
    expect(parseContentType(undefined)).toEqual({ mediaType: '' });
  });

  it.each([
    ['text/html', 'html'],
    ['application/xhtml+xml', 'html'],
    ['text/markdown', 'text'],
    ['application/json', 'text'],
    ['application/vnd.api+json', 'text'],
    ['image/svg+xml', 'text'],
    ['image/png', 'binary'],
    ['application/pdf', 'binary'],
    ['application/zip', 'binary'],
    ['application/octet-stream', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (mediaType, kind) => {
    expect(kindOfMediaType(mediaType)).toBe(kind);
  });

  it('sniffs bytes when the type does not say', () => {
    expect(sniffKind(Buffer.from('%PDF-1.7 mostly ascii'))).toBe('binary');
    expect(sniffKind(Buffer.from([0x47, 0x49, 0x46, 0x38, 0x00]))).toBe('binary');
    expect(sniffKind(Buffer.from('  <!DOCTYPE html><html></html>'))).toBe('html');
    expect(sniffKind(Buffer.from('just some notes, ünïcode too'))).toBe('text');
  });
});

describe('WebFetch page cache', () => {
  it('expires entries after the TTL', () => {
    let now = 0;
    const cache = new TtlCache<string>({ ttlMs: 15 * 60 * 1000, maxEntries: 10, now: () => now });
    cache.set('https://a/', 'page');
    now = 15 * 60 * 1000 - 1;
    expect(cache.get('https://a/')).toBe('page');
    now = 15 * 60 * 1000;
    expect(cache.get('https://a/')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, evicting the least recently used', () => {
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 2, now: () => 0 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });
});

describe('WebFetch body limits', () => {
  let server: PageServer;
  beforeAll(async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 'a'));
    server = await startPageServer({
      '/bomb': (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
        res.end(bomb);
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('counts the limit in decompressed bytes, so a compression bomb stops at 10 MB', async () => {
    const result = await fetchPage(new URL(`${server.url}/bomb`), { signal: new AbortController().signal, timeoutMs: 10_000 });
    expect(result.kind).toBe('body');
    if (result.kind !== 'body') return;
    expect(result.fetched.body.length).toBe(MAX_BODY_BYTES);
    expect(result.fetched.truncated).toBe(true);
  });
});

describe('HTML to markdown', () => {
  const convert = (html: string) => htmlToMarkdown(html, new AbortController().signal);

  it('keeps <header> content while dropping <head>, and adds the title when the page has no heading', async () => {
    const result = await convert('<html><head><title>My Page</title><meta name="x"></head><body><header>Top bar</header><p>Body</p></body></html>');
    expect(result).toEqual({ ok: true, markdown: 'Title: My Page\n\nTop bar\n\nBody', truncated: false });
  });

  it('drops comments and unclosed scripts without losing earlier text', async () => {
    const result = await convert('<p>Kept</p><!-- hidden --><p>Also kept</p><script>never closed');
    expect(result).toMatchObject({ ok: true, markdown: 'Kept\n\nAlso kept' });
  });

  it('numbers ordered lists from their start attribute and omits data URIs', async () => {
    const result = await convert(`<ol start="3"><li>three</li><li>four</li></ol><img alt="pic" src="data:image/png;base64,${'A'.repeat(5_000)}">`);
    expect(result).toMatchObject({ ok: true, markdown: '3. three\n4. four\n\n![pic](data-uri omitted)' });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('user interrupt'));
    await expect(htmlToMarkdown('<p>x</p>', controller.signal)).rejects.toThrow('user interrupt');

    const midway = new AbortController();
    const converting = htmlToMarkdown(`<div>${'<p>text</p>'.repeat(150_000)}</div>`, midway.signal);
    setTimeout(() => midway.abort(new Error('stop now')), 20);
    await expect(converting).rejects.toThrow('stop now');
  });
});
