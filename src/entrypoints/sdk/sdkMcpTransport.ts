/**
 * An MCP transport to a server that lives in the Agent SDK client's process
 * (createSdkMcpServer): each JSON-RPC message we send is an `mcp_message`
 * control request naming the server; a request's JSON-RPC response comes
 * back as the control response's `mcp_response`. The MCP client above it is
 * the same one stdio and HTTP servers get, so these servers' tools are real
 * tools (`mcp__<server>__<tool>`), listed, validated and permission-checked
 * like any other.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { errorMessageOf } from '../../utils/errors.js';
import type { ControlChannel } from './controlChannel.js';

export class SdkMcpTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;

  constructor(
    private readonly serverName: string,
    private readonly channel: ControlChannel,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error(`the SDK MCP server "${this.serverName}" is closed`);
    const expectsResponse = 'method' in message && 'id' in message;
    // A request's answer is delivered asynchronously, like a response read from a pipe: send() resolves once it is on its way.
    const answered = this.channel.request({ subtype: 'mcp_message', server_name: this.serverName, message });
    if (!expectsResponse) {
      answered.catch((error: unknown) => this.onerror?.(new Error(`notification to SDK MCP server "${this.serverName}" failed: ${errorMessageOf(error)}`)));
      return;
    }
    // The protocol's schemas load with the first request (sessions without SDK servers never pay for them).
    const schemas = import('@modelcontextprotocol/sdk/types.js');
    Promise.all([answered, schemas]).then(
      ([answer, { JSONRPCMessageSchema }]) => {
        const parsed = JSONRPCMessageSchema.safeParse(answer.mcp_response);
        this.onmessage?.(parsed.success ? parsed.data : errorResponse(message, 'the client answered without a JSON-RPC mcp_response'));
      },
      (error: unknown) => this.onmessage?.(errorResponse(message, errorMessageOf(error))),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}

function errorResponse(request: JSONRPCMessage, message: string): JSONRPCMessage {
  const id = 'id' in request && (typeof request.id === 'string' || typeof request.id === 'number') ? request.id : 0;
  return { jsonrpc: '2.0', id, error: { code: -32603, message } };
}
