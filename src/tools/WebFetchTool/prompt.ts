/** Model-facing text for WebFetch, in our own words. */
import { formatCount } from '../../utils/format.js';
export const WEB_FETCH_TOOL_NAME = 'WebFetch';

/** Characters of page text kept: what the fast model reads, or what you get without a prompt. */
export const MAX_CONTENT_CHARS = 100_000;

export function webFetchPrompt(): string {
  return `Fetches a web page and either answers a question about it or returns its text.

- url: a complete http or https URL. Plain http is upgraded to https (except for localhost, 127.0.0.1 and ::1).
- prompt (optional but usually wanted): what you want to know from the page, e.g. "What options does the --format flag take?". A small, fast model reads the page and answers; you get its answer, not the page. Without a prompt you get the page itself as markdown, cut at ${formatCount(MAX_CONTENT_CHARS)} characters.

Behaviour to know:
- HTML is converted to markdown; plain text, JSON, XML and similar are passed through; images, PDFs and other binary files are refused.
- Redirects within the same host are followed. A redirect to a different host (www.example.com counts as different from example.com) is not: you get the new URL, and may call WebFetch again with it.
- Very large pages are cut off; the result says so.
- Pages are cached for 15 minutes, so several questions about the same URL fetch it once. Ask again after that for a fresh copy.
- It only reads; it cannot log in, submit forms or run the page's scripts, so pages that need those come back incomplete. For a GitHub repository, the raw file URL (raw.githubusercontent.com) or the gh command usually works better than the HTML page.

Prefer a source you were given or can name with confidence; do not guess URLs. When you use what you fetched, say where it came from.`;
}
