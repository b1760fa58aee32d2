/**
 * The ACP agent on this process's stdio: stdout carries protocol messages
 * only (newline-delimited JSON-RPC), every diagnostic goes to stderr. Ends
 * when the client closes stdin (or on SIGINT/SIGTERM), after every session
 * is closed — turns cancelled, child processes stopped, transcripts flushed.
 */
import { Readable, Writable } from 'node:stream';
import { ndJsonStream } from '@agentclientprotocol/sdk';
import { createAcpAgent, type AcpAgentOptions } from './acpAgent.js';

export async function runAcpAgent(options: Omit<AcpAgentOptions, 'log'>): Promise<number> {
  const log = (message: string): void => {
    process.stderr.write(`agentcli: ${message}\n`);
  };
  const agent = createAcpAgent({ ...options, log });
  const stream = ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
  const connection = agent.app.connect(stream);
  const stop = (): void => connection.close();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await connection.closed;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await agent.close();
  }
  return 0;
}
