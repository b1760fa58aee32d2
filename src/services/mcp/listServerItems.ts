/**
 * tools/list and resources/list, following `nextCursor` page by page. A
 * buggy server that repeats a cursor or never stops paging is cut off, so a
 * listing always ends and stays bounded in memory.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpListedTool } from './mcpToolKit.js';
import type { McpPrompt } from './types.js';
import type { McpResource } from '../../contract/mcp.js';

const MAX_PAGES = 100;
const MAX_ITEMS = 5_000;

async function collectPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<{ readonly items: readonly Item[]; readonly nextCursor?: string }>,
): Promise<Item[]> {
  const items: Item[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items.slice(0, MAX_ITEMS - items.length));
    cursor = result.nextCursor;
    if (!cursor || seenCursors.has(cursor) || items.length >= MAX_ITEMS) break;
    seenCursors.add(cursor);
  }
  return items;
}

export function listAllTools(client: Client, signal?: AbortSignal): Promise<McpListedTool[]> {
  return collectPages(async (cursor) => {
    const result = await client.listTools(cursor ? { cursor } : undefined, signal ? { signal } : undefined);
    return { items: result.tools, nextCursor: result.nextCursor };
  });
}

export function listAllResources(client: Client, serverName: string, signal: AbortSignal): Promise<McpResource[]> {
  return collectPages(async (cursor) => {
    const result = await client.listResources(cursor ? { cursor } : undefined, { signal });
    return {
      items: result.resources.map((resource) => ({
        server: serverName,
        uri: resource.uri,
        name: resource.name,
        ...(resource.description ? { description: resource.description } : {}),
        ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
      })),
      nextCursor: result.nextCursor,
    };
  });
}

export function listAllPrompts(client: Client, serverName: string, signal?: AbortSignal): Promise<McpPrompt[]> {
  return collectPages(async (cursor) => {
    const result = await client.listPrompts(cursor ? { cursor } : undefined, signal ? { signal } : undefined);
    return {
      items: result.prompts.map((prompt) => ({
        server: serverName,
        name: prompt.name,
        ...(prompt.title || prompt.description ? { description: prompt.title ?? prompt.description } : {}),
        arguments: (prompt.arguments ?? []).map((argument) => ({
          name: argument.name,
          required: argument.required === true,
          ...(argument.description ? { description: argument.description } : {}),
        })),
      })),
      nextCursor: result.nextCursor,
    };
  });
}
