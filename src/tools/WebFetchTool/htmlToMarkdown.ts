/**
 * HTML -> markdown with turndown, in a worker thread. Turndown builds a DOM
 * first: about 0.8 s and well over 100 MB per megabyte of HTML on these
 * machines, which on the main thread would freeze the REPL and its Esc key.
 * In a worker the event loop stays free, memory is capped by the worker's
 * heap limit, and an abort or a pathological page ends with terminate().
 *
 * The worker loads turndown with require() from a path resolved here, so
 * turndown is never part of the bundle or of start-up; it is loaded only
 * when a page is actually converted.
 */
import { createRequire } from 'node:module';

/** HTML beyond this (after scripts and styles are dropped) is not converted. */
export const MAX_HTML_CHARS = 2_000_000;
const WORKER_HEAP_MB = 256;
const CONVERSION_TIMEOUT_MS = 30_000;

export type MarkdownConversion =
  | { readonly ok: true; readonly markdown: string; readonly truncated: boolean }
  | { readonly ok: false; readonly message: string };

// Plain CommonJS, evaluated inside the worker. Dropping non-content elements with
// indexOf scans keeps the clean-up linear even for unclosed tags, before the DOM is built.
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const TurndownService = require(workerData.turndownPath);

// A tag name matches only when the next character ends it: "<head" must not eat "<header".
function findTag(lower, open, from) {
  for (let at = lower.indexOf(open, from); at !== -1; at = lower.indexOf(open, at + 1)) {
    if (open === '<!--' || /[\s/>]/.test(lower.charAt(at + open.length))) return at;
  }
  return -1;
}

function dropElements(html, tags) {
  // ASCII-only lowering keeps every index of lower valid in html (toLowerCase can change lengths).
  const lower = html.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  const next = tags.map(([open]) => findTag(lower, open, 0));
  let out = '';
  let at = 0;
  for (;;) {
    let pick = -1;
    next.forEach((position, index) => {
      if (position !== -1 && (pick === -1 || position < next[pick])) pick = index;
    });
    if (pick === -1) return out + html.slice(at);
    const start = next[pick];
    out += html.slice(at, start);
    const close = tags[pick][1];
    const end = lower.indexOf(close, start);
    if (end === -1) return out;
    at = end + close.length;
    next.forEach((position, index) => {
      if (position !== -1 && position < at) next[index] = findTag(lower, tags[index][0], at);
    });
  }
}

function pageTitle(html) {
  const match = /<title[^>]*>([^<]{1,300})<\/title>/i.exec(html.slice(0, 200000));
  return match ? match[1].replace(/\s+/g, ' ').trim() : '';
}

parentPort.once('message', ({ html, maxChars }) => {
  const cleaned = dropElements(html, [
    ['<!--', '-->'], ['<script', '</script>'], ['<style', '</style>'], ['<noscript', '</noscript>'],
    ['<svg', '</svg>'], ['<template', '</template>'], ['<head', '</head>'],
  ]);
  const truncated = cleaned.length > maxChars;
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_' });
  service.remove(['iframe', 'canvas', 'form', 'button', 'select', 'input', 'nav', 'footer']);
  // One space after the list marker instead of turndown's aligned three: the same markdown, fewer tokens.
  service.addRule('compactListItem', {
    filter: 'li',
    replacement(content, node, options) {
      const parent = node.parentNode;
      let marker = options.bulletListMarker + ' ';
      if (parent && parent.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start')) || 1;
        marker = (start + Array.prototype.indexOf.call(parent.children, node)) + '. ';
      }
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n/gm, '\n' + ' '.repeat(marker.length));
      return marker + body + (node.nextSibling && !/\n$/.test(body) ? '\n' : '');
    },
  });
  const title = pageTitle(html);
  let markdown = service.turndown(truncated ? cleaned.slice(0, maxChars) : cleaned);
  if (title && !markdown.startsWith('# ')) markdown = 'Title: ' + title + '\n\n' + markdown;
  markdown = markdown.replace(/\]\(data:[^)\s]{0,100000}\)/g, '](data-uri omitted)').replace(/\n{3,}/g, '\n\n').trim();
  parentPort.postMessage({ markdown, truncated });
});
`;

let turndownPath: string | undefined;

export async function htmlToMarkdown(html: string, signal: AbortSignal): Promise<MarkdownConversion> {
  if (signal.aborted) throw abortReason(signal);
  turndownPath ??= createRequire(import.meta.url).resolve('turndown');
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { turndownPath },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    stdout: true,
    stderr: true,
  });
  try {
    return await new Promise<MarkdownConversion>((resolve, reject) => {
      const timer = setTimeout(
        () => resolve({ ok: false, message: `converting the page to markdown took over ${CONVERSION_TIMEOUT_MS / 1000} s` }),
        CONVERSION_TIMEOUT_MS,
      );
      const onAbort = (): void => reject(abortReason(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      const settle = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      worker.once('message', (message: unknown) => {
        settle();
        resolve(parseWorkerReply(message));
      });
      worker.once('error', (error: Error) => {
        settle();
        const reason = /heap|memory/i.test(error.message) ? 'the page is too large to convert' : error.message;
        resolve({ ok: false, message: `could not convert the HTML to markdown: ${reason}` });
      });
      worker.once('exit', (code: number) => {
        settle();
        resolve({ ok: false, message: `the HTML converter stopped unexpectedly (exit code ${code})` });
      });
      worker.postMessage({ html, maxChars: MAX_HTML_CHARS });
    });
  } finally {
    void worker.terminate();
  }
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

function parseWorkerReply(message: unknown): MarkdownConversion {
  if (typeof message === 'object' && message !== null && 'markdown' in message && typeof message.markdown === 'string') {
    return { ok: true, markdown: message.markdown, truncated: 'truncated' in message && message.truncated === true };
  }
  return { ok: false, message: 'the converter returned nothing usable' };
}
