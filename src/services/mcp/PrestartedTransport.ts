/**
 * Lets a stdio server's process start before the SDK client is ready for it.
 * Client.connect() is what normally starts a transport, and the client
 * module is the heaviest part of the SDK to load; starting the process first
 * overlaps the server's boot with that load. The server writes nothing to
 * stdout before it receives `initialize`, so nothing is missed meanwhile.
 */
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export class PrestartedTransport implements Transport {
  private readonly started: Promise<void>;

  constructor(private readonly inner: Transport) {
    this.started = inner.start();
    // Whoever connects sees a failure to start; until then it must not surface as unhandled.
    this.started.catch(() => undefined);
  }

  start(): Promise<void> {
    return this.started;
  }
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }
  close(): Promise<void> {
    return this.inner.close();
  }

  get onclose(): Transport['onclose'] {
    return this.inner.onclose;
  }
  set onclose(handler: Transport['onclose']) {
    this.inner.onclose = handler;
  }
  get onerror(): Transport['onerror'] {
    return this.inner.onerror;
  }
  set onerror(handler: Transport['onerror']) {
    this.inner.onerror = handler;
  }
  get onmessage(): Transport['onmessage'] {
    return this.inner.onmessage;
  }
  set onmessage(handler: Transport['onmessage']) {
    this.inner.onmessage = handler;
  }
  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }
}
