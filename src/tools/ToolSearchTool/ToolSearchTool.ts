/**
 * ToolSearch: the model's way to load deferred tools. It records what was
 * loaded in AppState.loadedDeferredTools; the request builder then appends
 * those tools' definitions to the following requests (see
 * services/toolSearch/requestToolSelection.ts). No server-side feature is
 * involved, so it works against any Anthropic-compatible endpoint.
 */
import { z } from 'zod';
import { buildTool, findToolByName, type Tool, type Tools } from '../../contract/tool.js';
import { isDeferredTool } from '../../services/toolSearch/isDeferredTool.js';
import { searchTools } from '../../services/toolSearch/keywordSearch.js';
import { DEFAULT_MAX_RESULTS, MAX_MAX_RESULTS, TOOL_SEARCH_TOOL_NAME, toolSearchPrompt } from './prompt.js';

export type ToolSearchInput = { readonly query: string; readonly max_results?: number };

export type ToolSearchOutput = {
  readonly query: string;
  /** Loaded by this call, best match first. */
  readonly loaded: readonly { readonly name: string; readonly summary: string }[];
  /** Matched but already callable (loaded earlier, or never deferred). */
  readonly alreadyAvailable: readonly string[];
  /** `select:` names that are not tools of this session. */
  readonly notFound: readonly string[];
  readonly deferredCount: number;
};

const SELECT_PREFIX = 'select:';
const SUMMARY_CHARS = 200;

export const ToolSearchTool = buildTool<ToolSearchInput, ToolSearchOutput>({
  name: TOOL_SEARCH_TOOL_NAME,
  searchHint: 'find load deferred tools',
  inputSchema: () =>
    z.strictObject({
      query: z.string().trim().min(1, 'query must name tools ("select:Name1,Name2") or give keywords'),
      max_results: z.number().int().min(1).max(MAX_MAX_RESULTS).optional().describe(`How many keyword matches to load (default ${DEFAULT_MAX_RESULTS})`),
    }),
  description: (input) => `Search tools: ${input?.query ?? ''}`,
  prompt: (options) => toolSearchPrompt(options.tools),
  // It changes only which definitions later requests carry, never the user's files.
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async checkPermissions() {
    return { behavior: 'allow', reason: { type: 'tool', detail: 'ToolSearch only loads tool definitions' } };
  },
  async call(input, context) {
    const pool = context.tools;
    const { matched, alreadyAvailable, notFound } = input.query.toLowerCase().startsWith(SELECT_PREFIX)
      ? selectByName(pool, input.query.slice(SELECT_PREFIX.length))
      : await searchByKeyword(pool, input.query, input.max_results ?? DEFAULT_MAX_RESULTS, context.appState.get().toolPermissionContext.mode);

    const loadedBefore = new Set(context.appState.get().loadedDeferredTools);
    const newlyLoaded = matched.filter((tool) => !loadedBefore.has(tool.name));
    context.appState.set((state) => {
      const known = new Set(state.loadedDeferredTools);
      const added = newlyLoaded.map((tool) => tool.name).filter((name) => !known.has(name));
      return added.length === 0 ? state : { ...state, loadedDeferredTools: [...state.loadedDeferredTools, ...added] };
    });

    const loaded = await Promise.all(
      newlyLoaded.map(async (tool) => ({ name: tool.name, summary: summarise(await tool.prompt({ tools: pool, permissionMode: 'default' })) })),
    );
    return {
      data: {
        query: input.query,
        loaded,
        alreadyAvailable: [...alreadyAvailable, ...matched.filter((tool) => loadedBefore.has(tool.name)).map((tool) => tool.name)],
        notFound,
        deferredCount: pool.filter(isDeferredTool).length,
      },
    };
  },
  mapToolResultToToolResultBlockParam(output, toolUseId) {
    return { type: 'tool_result', tool_use_id: toolUseId, content: describeOutcome(output) };
  },
  ui: () => import('./UI.js'),
});

type Selection = { readonly matched: Tool[]; readonly alreadyAvailable: string[]; readonly notFound: string[] };

function selectByName(pool: Tools, list: string): Selection {
  const selection: Selection = { matched: [], alreadyAvailable: [], notFound: [] };
  const names = [...new Set(list.split(',').map((name) => name.trim()).filter((name) => name !== ''))];
  for (const name of names) {
    const tool = findToolByName(pool, name) ?? pool.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
    if (!tool) selection.notFound.push(name);
    else if (!isDeferredTool(tool)) selection.alreadyAvailable.push(tool.name);
    else if (!selection.matched.includes(tool)) selection.matched.push(tool);
  }
  return selection;
}

async function searchByKeyword(pool: Tools, query: string, maxResults: number, permissionMode: Parameters<Tool['prompt']>[0]['permissionMode']): Promise<Selection> {
  const deferred = pool.filter(isDeferredTool);
  const candidates = await Promise.all(
    deferred.map(async (tool) => ({ tool, description: await tool.prompt({ tools: pool, permissionMode }) })),
  );
  return { matched: searchTools(candidates, query, maxResults).map((scored) => scored.tool), alreadyAvailable: [], notFound: [] };
}

function summarise(description: string): string {
  const firstLine = description.trim().split('\n')[0] ?? '';
  return firstLine.length > SUMMARY_CHARS ? `${firstLine.slice(0, SUMMARY_CHARS)}…` : firstLine;
}

function describeOutcome(output: ToolSearchOutput): string {
  const lines: string[] = [];
  if (output.loaded.length > 0) {
    lines.push(
      `Loaded ${output.loaded.length} ${output.loaded.length === 1 ? 'tool' : 'tools'}. Their full definitions are in your tool list from your next step on; call them directly:`,
      ...output.loaded.map((tool) => `- ${tool.name}${tool.summary ? `: ${tool.summary}` : ''}`),
    );
  }
  if (output.alreadyAvailable.length > 0) {
    lines.push(`Already available, call directly: ${output.alreadyAvailable.join(', ')}.`);
  }
  if (output.notFound.length > 0) {
    lines.push(`No tool named ${output.notFound.map((name) => `"${name}"`).join(', ')}. Use the exact names from ${TOOL_SEARCH_TOOL_NAME}'s description, or search by keyword.`);
  }
  if (lines.length === 0) {
    lines.push(
      `No deferred tool matched "${output.query}". ${output.deferredCount} tools can be loaded; try other keywords, or "select:" with names from ${TOOL_SEARCH_TOOL_NAME}'s description.`,
    );
  }
  return lines.join('\n');
}
