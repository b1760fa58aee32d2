/** Model-facing text for WebSearch, in our own words. */
export const WEB_SEARCH_TOOL_NAME = 'WebSearch';

export function webSearchPrompt(): string {
  const year = new Date().getFullYear();
  return `Searches the web and returns the result titles and URLs with a short summary of what they say.

Use it for what you cannot know from the code or your training: current releases and changelogs, recent API changes, error messages you do not recognise, documentation of a library version newer than you know. Today's date is in your context; put the year in queries about recent things (e.g. "vite ${year} release notes"), not an older one.

- query: what to search for, as you would type it into a search engine.
- allowed_domains: only return results from these sites, e.g. ["docs.python.org"].
- blocked_domains: never return results from these sites.
Give allowed_domains or blocked_domains, not both. Domains are host names without https://.

The search runs on the API's side; the results come back as a list of sources plus a summary. To read one of the pages in full, call WebFetch with its URL.

When your answer uses what you found, list the sources you relied on at the end as markdown links: [title](url).`;
}
