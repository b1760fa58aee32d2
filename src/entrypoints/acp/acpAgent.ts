/**
 * `agentcli --acp`: an Agent Client Protocol agent (protocol version 1) on
 * stdin/stdout, for editors such as Zed. The protocol itself — JSON-RPC
 * framing, schema checks of every request, the initialize handshake — is
 * the ACP SDK's; this file maps its methods onto sessions:
 *
 *   initialize       capabilities: load, images and embedded context in
 *                    prompts, MCP servers over http and sse
 *   session/new      a new conversation in the client's cwd, with the
 *                    client's MCP servers started like --mcp-config ones
 *   session/load     a saved conversation (the same transcripts --resume
 *                    reads), replayed to the client as updates
 *   session/prompt   one turn; its events stream as session/update
 *   session/cancel   stops the turn and everything it started
 *   session/set_mode the permission modes
 *
 * The session flags given on the command line (model, permission mode,
 * rules, --add-dir, …) apply to every session. The client's cwd is treated
 * as trusted: the user opened it in the editor and started the agent
 * there, and there is no terminal to ask in (as in headless runs).
 */
import path from 'node:path';
import { agent, PROTOCOL_VERSION, RequestError, type AgentApp, type ClientCapabilities, type McpServer } from '@agentclientprotocol/sdk';
import type { AgentContext } from '@agentclientprotocol/sdk';
import type { SessionOptions } from '../../app/createSession.js';
import type { SessionChoice } from '../../app/startConversation.js';
import { errorMessageOf, UserFacingError } from '../../utils/errors.js';
import { VERSION } from '../../version.js';
import { mcpConfigOfClientServers } from './acpMcpServers.js';
import { acpElicitationHandler } from './acpElicitation.js';
import type { AcpSession } from './acpSession.js';

/** The engine loads with the first session, so `initialize` is answered before any of it is read. */
async function loadEngine() {
  const [{ startConversation }, { AcpSession }, { acpCommandSet }, { loadCommandCatalog }, { reportMcpStartup }] = await Promise.all([
    import('../../app/startConversation.js'),
    import('./acpSession.js'),
    import('./acpCommands.js'),
    import('../../app/commandCatalog.js'),
    import('../../services/mcp/startMcpServers.js'),
  ]);
  return { startConversation, AcpSession, acpCommandSet, loadCommandCatalog, reportMcpStartup };
}

export type AcpAgentOptions = {
  /** The session flags from the command line; each session adds its cwd. */
  readonly session: Omit<SessionOptions, 'cwd' | 'isInteractive' | 'isTrusted' | 'env' | 'sessionId' | 'mcp'>;
  readonly persist: boolean;
  readonly mcp: { readonly cliConfigs: readonly string[]; readonly strict?: boolean };
  readonly env: NodeJS.ProcessEnv;
  /** Diagnostics (stderr): stdout carries the protocol only. */
  readonly log: (message: string) => void;
};

export type AcpAgent = {
  readonly app: AgentApp;
  /** Ends every session (transcripts closed, MCP servers stopped, turns cancelled). */
  close(): Promise<void>;
};

export function createAcpAgent(options: AcpAgentOptions): AcpAgent {
  const sessions = new Map<string, AcpSession>();
  let clientCapabilities: ClientCapabilities | undefined;

  const sessionOf = (sessionId: string): AcpSession => {
    const session = sessions.get(sessionId);
    if (!session) throw RequestError.sessionNotFound(sessionId);
    return session;
  };

  const open = async (client: AgentContext, cwd: string, servers: readonly McpServer[], choice: SessionChoice): Promise<AcpSession> => {
    if (!path.isAbsolute(cwd)) throw RequestError.invalidParams(undefined, `cwd must be an absolute path (got "${cwd}")`);
    const clientServers = mcpConfigOfClientServers(servers);
    const { startConversation, AcpSession, acpCommandSet, loadCommandCatalog, reportMcpStartup } = await loadEngine();
    const { conversation, mcp } = await startConversation({
      session: { ...options.session, cwd, isInteractive: true, isTrusted: true, env: options.env },
      choice,
      persist: options.persist,
      mcp: { cliConfigs: [...options.mcp.cliConfigs, ...(clientServers ? [clientServers] : [])], strict: options.mcp.strict, isTrusted: true },
      onWarning: options.log,
    }).catch((error: unknown) => {
      if (choice.kind === 'resume' && error instanceof UserFacingError) throw RequestError.sessionNotFound(choice.id);
      throw RequestError.internalError(undefined, errorMessageOf(error));
    });
    for (const warning of conversation.session.startupWarnings) options.log(warning);
    // The client named its servers to use them from the first prompt on: the session is answered once they are
    // connected or have given up (each bounded by MCP_TIMEOUT); those that failed are named on stderr.
    if (mcp) await reportMcpStartup(mcp, (text) => process.stderr.write(text));
    await conversation.start();
    const commands = acpCommandSet(await loadCommandCatalog(conversation.session, 'acp'));
    const session = new AcpSession({ conversation, mcp, client, clientCapabilities, commands, log: options.log });
    mcp?.setElicitationHandler(acpElicitationHandler({ client, sessionId: () => session.id }));
    // A server's prompts arrive or change later (prompts/list_changed): the editor's command list follows.
    mcp?.subscribe(() => void session.announceCommands({ onlyIfChanged: true }));
    sessions.set(session.id, session);
    return session;
  };

  /** After the response has gone: the client only knows the session once it has its id. */
  const afterResponse = (work: () => Promise<void>): void => {
    setTimeout(() => void work().catch((error: unknown) => options.log(errorMessageOf(error))), 0);
  };

  const app = agent({ name: 'agentcli' })
    .onRequest('initialize', ({ params }) => {
      clientCapabilities = params.clientCapabilities;
      return {
        protocolVersion: Math.min(params.protocolVersion, PROTOCOL_VERSION),
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: true, embeddedContext: true },
          mcpCapabilities: { http: true, sse: true },
        },
        agentInfo: { name: 'agentcli', title: 'agentcli', version: VERSION },
        authMethods: [],
      };
    })
    .onRequest('authenticate', () => ({}))
    .onRequest('session/new', async ({ params, client }) => {
      const session = await open(client, params.cwd, params.mcpServers, { kind: 'new' });
      afterResponse(() => session.announceCommands());
      return { sessionId: session.id, modes: session.modes() };
    })
    .onRequest('session/load', async ({ params, client }) => {
      const live = sessions.get(params.sessionId);
      const session = live ?? (await open(client, params.cwd, params.mcpServers, { kind: 'resume', id: params.sessionId, fork: false }));
      // The protocol has the history arrive before the load's answer.
      await session.replay();
      afterResponse(() => session.announceCommands());
      return { modes: session.modes() };
    })
    .onRequest('session/prompt', async ({ params }) => ({ stopReason: await sessionOf(params.sessionId).prompt(params.prompt) }))
    .onRequest('session/set_mode', ({ params }) => {
      sessionOf(params.sessionId).setMode(params.modeId);
      return {};
    })
    .onNotification('session/cancel', ({ params }) => {
      sessions.get(params.sessionId)?.cancel();
    });

  return {
    app,
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((session) => session.close().catch((error: unknown) => options.log(errorMessageOf(error)))));
    },
  };
}
