/** The scopes `agentcli mcp add|remove` write to (kept apart so registering the command loads nothing else). */
export const WRITABLE_SCOPES = ['local', 'project', 'user'] as const;
export type WritableScope = (typeof WRITABLE_SCOPES)[number];
