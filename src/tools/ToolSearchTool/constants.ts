/** ToolSearch's name, apart from its prompt so the deferral logic can name it cheaply. */
export const TOOL_SEARCH_TOOL_NAME = 'ToolSearch';
