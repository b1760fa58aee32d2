/**
 * The ACP agent on this process's stdio: stdout carries protocol messages
 * only (newline-delimited JSON-RPC), every diagnostic goes to stderr. Ends
 * when the client closes stdin (or on SIGINT/SIGTERM/SIGHUP), after every session
 * is closed — turns cancelled, child processes stopped, transcripts flushed.
 */
import { Readable } from 'node:stream';
import { ndJsonStream } from '@agentclientprotocol/sdk';
import { createAcpAgent, type AcpAgentOptions } from './acpAgent.js';

export async function runAcpAgent(options: Omit<AcpAgentOptions, 'log'>): Promise<number> {
  const log = (message: string): void => {
    process.stderr.write(`agentcli: ${message}\n`);
  };
  const agent = createAcpAgent({ ...options, log });
  const stream = ndJsonStream(stdoutStream(), Readable.toWeb(process.stdin));
  const connection = agent.app.connect(stream);
  const stop = (): void => connection.close();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  try {
    await connection.closed;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    process.off('SIGHUP', stop);
    await agent.close();
  }
  return 0;
}

/**
 * stdout as the protocol's output, each message written (handed to the
 * pipe) before the next. process.stdout belongs to the process, not to the
 * connection: closing the connection must not end it (as a converted
 * stream would), since the exit path still flushes it.
 */
function stdoutStream(): WritableStream<Uint8Array> {
  return new WritableStream<Uint8Array>({
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        process.stdout.write(chunk, (error) => (error ? reject(error) : resolve()));
      }),
  });
}
