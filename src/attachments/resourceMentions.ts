/**
 * MCP resources named in a prompt as `@server:uri` (`@docs:file:///guide.md`).
 * A mention counts only when the part before the first colon is an MCP
 * server of this session; anything else stays a file mention or plain text.
 * They are read with the ReadMcpResource tool by the front end, so a mention
 * is permission-checked like the model's own read.
 */
import { findMentionedPaths } from './promptMentions.js';

export type MentionedResource = { readonly typed: string; readonly server: string; readonly uri: string };

export function mentionedResources(prompt: string, serverNames: readonly string[]): MentionedResource[] {
  const servers = new Set(serverNames);
  const found: MentionedResource[] = [];
  for (const typed of findMentionedPaths(prompt)) {
    const colon = typed.indexOf(':');
    if (colon <= 0) continue;
    const server = typed.slice(0, colon);
    const uri = typed.slice(colon + 1);
    if (servers.has(server) && uri !== '') found.push({ typed, server, uri });
  }
  return found;
}

/** Completion for `@…`: resources whose `server:uri` starts with what was typed (a bare server-name prefix lists its resources). */
export function completeResourceMention(resources: readonly { readonly server: string; readonly uri: string }[], typed: string, limit = 12): string[] {
  const needle = typed.toLowerCase();
  return resources
    .map((resource) => `${resource.server}:${resource.uri}`)
    .filter((mention) => mention.toLowerCase().startsWith(needle) && !/\s/.test(mention))
    .slice(0, limit);
}
