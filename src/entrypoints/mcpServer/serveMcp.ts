/**
 * `agentcli mcp serve`: agentcli's built-in tools offered to another agent
 * or editor over MCP (stdio). Every call goes through the same pipeline as
 * a session's own tool calls in this folder — schema checks, PreToolUse /
 * PostToolUse hooks, the permission rules and mode, the Bash sandbox, large
 * output saved to disk — because it *is* a session's pipeline: the session
 * is built exactly as a headless run's, and only the model is missing.
 *
 * A call the rules say to ask about is put to the client's user through
 * elicitation when the client supports it (accept = allow this once);
 * otherwise it is refused, as a headless run refuses every ask.
 * stdout carries the protocol only; anything to say goes to stderr.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { PermissionMode } from '../../contract/permissions.js';
import type { Session } from '../../session/session.js';
import { runToolUse, type PermissionAsker } from '../../services/tools/toolExecution.js';
import { inputJsonSchemaOf } from '../../services/api/toolSchemas.js';
import type { ModelClient } from '../../contract/modelClient.js';
import type { Tool } from '../../contract/tool.js';
import { errorMessageOf } from '../../utils/errors.js';
import { VERSION } from '../../version.js';
import { toolResultContent } from './toolResultContent.js';

/** The tools that make sense without a conversation around them (no subagents, todo lists, plan mode or questions to the model's user). */
export const SERVED_TOOLS = ['Bash', 'Edit', 'Glob', 'Grep', 'NotebookEdit', 'Read', 'WebFetch', 'WebSearch', 'Write'] as const;

export type ServeOptions = {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly permissionMode?: PermissionMode;
  readonly log: (line: string) => void;
};

/** Serves until the client closes stdin. */
export async function serveMcp(options: ServeOptions): Promise<void> {
  const [{ createSession }, { Server }, { StdioServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema }] = await Promise.all([
    import('../../app/createSession.js'),
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]);
  const hasModel = Boolean(options.env.ANTHROPIC_API_KEY || options.env.ANTHROPIC_AUTH_TOKEN || options.env.ANTHROPIC_BASE_URL);
  const session = await createSession({
    cwd: options.cwd,
    env: options.env,
    // Like a headless run: the folder it was started in is trusted by whoever started it.
    isInteractive: false,
    isTrusted: true,
    ...(options.permissionMode ? { permissionMode: options.permissionMode } : {}),
    ...(hasModel ? {} : { modelClient: NO_MODEL }),
  });
  for (const warning of session.startupWarnings) options.log(`agentcli mcp serve: ${warning}`);
  const tools = servedTools(session);
  const server = new Server({ name: 'agentcli', version: VERSION }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: await Promise.all(
      tools.map(async (tool) => ({
        name: tool.name,
        description: await tool.prompt({ tools: session.tools, permissionMode: session.appState.get().toolPermissionContext.mode }),
        inputSchema: { ...inputJsonSchemaOf(tool), type: 'object' as const },
      })),
    ),
  }));

  let nextCall = 0;
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools.find((candidate) => candidate.name === request.params.name);
    if (!tool) return { content: [{ type: 'text', text: `agentcli does not serve a tool named ${request.params.name}` }], isError: true };
    const id = `toolu_mcp_serve_${process.pid}_${++nextCall}`;
    const progressToken = request.params._meta?.progressToken;
    let progress = 0;
    const outcome = await runToolUse(
      { id, name: tool.name, input: request.params.arguments ?? {} },
      {
        env: { ...session.baseEnv, askPermission: clientAsker(server) },
        context: { ...session.toolUseContext(extra.signal, [], session.cwd), toolUseId: id },
        onProgress: () => {
          if (progressToken === undefined) return;
          void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: ++progress } }).catch(() => undefined);
        },
      },
    );
    return { content: toolResultContent(outcome.result), isError: outcome.result.is_error === true };
  });

  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  await server.connect(new StdioServerTransport());
  await closed;
}

function servedTools(session: Session): Tool[] {
  const names = new Set<string>(SERVED_TOOLS);
  return session.tools.filter((tool) => tool.isMcp !== true && names.has(tool.name));
}

/**
 * An ask becomes a yes/no question to the client's user (elicitation) when
 * the client can show one; otherwise undefined, and the pipeline refuses it.
 */
function clientAsker(server: Server): PermissionAsker | undefined {
  if (server.getClientCapabilities()?.elicitation === undefined) return undefined;
  return async (request) => {
    try {
      const answer = await server.elicitInput(
        {
          message: `agentcli: ${request.decision.message} Allow ${request.tool.name} ${JSON.stringify(request.input).slice(0, 500)} this once?`,
          requestedSchema: { type: 'object', properties: {} },
        },
        { signal: request.signal },
      );
      return answer.action === 'accept' ? { type: 'allow_once' } : { type: 'deny', feedback: 'The user of the MCP client declined.' };
    } catch (error) {
      return { type: 'deny', feedback: `The MCP client could not ask its user: ${errorMessageOf(error)}` };
    }
  };
}

/** Without an API key there is no model: the tools that would ask one (WebFetch's question) say so. */
const NO_MODEL: ModelClient = {
  streamMessage() {
    throw new Error('agentcli mcp serve has no model configured (set ANTHROPIC_API_KEY to let WebFetch answer questions about a page)');
  },
  createMessage() {
    return Promise.reject(new Error('agentcli mcp serve has no model configured (set ANTHROPIC_API_KEY to let WebFetch answer questions about a page)'));
  },
};
