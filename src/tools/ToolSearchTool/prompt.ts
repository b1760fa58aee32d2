/**
 * Model-facing text for ToolSearch. Its description names every deferred
 * tool, so the model knows what exists without paying for the definitions.
 * The list depends only on the pool, never on what was loaded, so this
 * definition stays byte-identical while tools are loaded.
 */
import type { Tools } from '../../contract/tool.js';
import { isDeferredTool } from '../../services/toolSearch/isDeferredTool.js';
import { TOOL_SEARCH_TOOL_NAME } from './constants.js';

export { TOOL_SEARCH_TOOL_NAME };
export const DEFAULT_MAX_RESULTS = 5;
export const MAX_MAX_RESULTS = 50;
/** Past this many names the list stops; keyword search still finds the rest. */
const MAX_LISTED_NAMES = 1_000;

export function toolSearchPrompt(pool: Tools): string {
  const names = pool.filter(isDeferredTool).map((tool) => tool.name);
  const listed = names.slice(0, MAX_LISTED_NAMES);
  const more = names.length - listed.length;
  return [
    'Loads tools that exist in this session but whose definitions were left out of your tool list to save context. You cannot call such a tool until it is loaded: you do not know its parameters yet.',
    '',
    'Two kinds of query:',
    '- "select:Name1,Name2" loads exactly the named tools (names from the list below).',
    '- Keywords, e.g. "slack send message", rank tools by how well their name, hints and description match and load the best ones (up to max_results). Write "+word" to require a word.',
    '',
    'A loaded tool is in your tool list from your next step on: call it directly then. If you already know which tools you need, load them together with one select query.',
    '',
    'Tools you can load:',
    ...listed,
    ...(more > 0 ? [`… and ${more} more (search by keyword to find them)`] : []),
  ].join('\n');
}
