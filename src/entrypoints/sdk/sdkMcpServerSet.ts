/**
 * The Agent SDK's setMcpServers (`mcp_set_servers`): the client replaces, as
 * a set, the servers it manages. Those are the in-process servers it
 * registered (createSdkMcpServer) and every server an earlier call named;
 * servers from settings files, `.mcp.json` and `--mcp-config` are left alone
 * until a call names them (then that call's configuration replaces theirs,
 * and a later call that omits them removes them) — the rule the SDK
 * documents for Claude Code.
 *
 * A server whose configuration is unchanged keeps running; a new or changed
 * one is (re)started, and the answer waits until each has connected or
 * failed (MCP_TIMEOUT). A malformed entry or a server that does not start is
 * reported in `errors` by name; the rest still apply.
 */
import { McpConfigShapeError, parseMcpServers } from '../../services/mcp/parseMcpServers.js';
import type { McpServersControl, ScopedMcpServerConfig } from '../../services/mcp/types.js';
import { errorMessageOf } from '../../utils/errors.js';
import { isRecord, type ControlChannel } from './controlChannel.js';
import { SdkMcpTransport } from './sdkMcpTransport.js';

export type McpSetServersResult = { readonly added: string[]; readonly removed: string[]; readonly errors: Record<string, string> };

const SOURCE = "the Agent SDK's setMcpServers";

export class SdkMcpServerSet {
  private managed: Set<string>;

  constructor(
    private readonly mcp: McpServersControl,
    private readonly channel: ControlChannel,
    private readonly env: NodeJS.ProcessEnv,
    /** The in-process servers registered at initialize: the client manages them from the start. */
    sdkServers: readonly string[],
  ) {
    this.managed = new Set(sdkServers);
  }

  async replace(servers: unknown): Promise<McpSetServersResult> {
    if (!isRecord(servers)) throw new Error('mcp_set_servers needs "servers": an object mapping server names to their settings');
    const errors: Record<string, string> = {};
    const wanted = new Map<string, ScopedMcpServerConfig>();
    for (const [name, entry] of Object.entries(servers)) {
      const parsed = this.parse(name, entry);
      if (typeof parsed === 'string') errors[name] = parsed;
      else wanted.set(name, parsed);
    }
    const removed: string[] = [];
    for (const name of this.managed) {
      if (servers[name] !== undefined) continue;
      if (await this.mcp.removeServer(name)) removed.push(name);
    }
    const changed = [...wanted.values()].filter((server) => !sameServer(this.mcp.serverConfig(server.name), server));
    await Promise.all(changed.map((server) => this.mcp.addServer(server)));
    for (const server of changed) {
      const view = this.mcp.describe().find((candidate) => candidate.name === server.name);
      if (view?.status !== 'connected') errors[server.name] = view?.problem ?? `did not connect (${view?.status ?? 'unknown'})`;
    }
    this.managed = new Set(Object.keys(servers));
    return { added: changed.map((server) => server.name), removed, errors };
  }

  /** A server from the request, or why it cannot be used. */
  private parse(name: string, entry: unknown): ScopedMcpServerConfig | string {
    if (isRecord(entry) && entry.type === 'sdk') {
      const channel = this.channel;
      return { name, scope: 'sdk', source: SOURCE, config: { type: 'sdk', openTransport: () => new SdkMcpTransport(name, channel) }, missingEnvVars: [] };
    }
    try {
      const [server] = parseMcpServers({ [name]: entry }, { scope: 'cli', source: SOURCE, env: this.env });
      return server ?? 'no settings';
    } catch (error) {
      if (error instanceof McpConfigShapeError) return error.message;
      return errorMessageOf(error);
    }
  }
}

/** In-process servers of one name are the same server; others must match field for field. */
function sameServer(current: ScopedMcpServerConfig | undefined, next: ScopedMcpServerConfig): boolean {
  if (!current) return false;
  if (current.config.type === 'sdk' || next.config.type === 'sdk') return current.config.type === next.config.type && current.scope === next.scope;
  return current.scope === next.scope && JSON.stringify(current.config) === JSON.stringify(next.config);
}
