/**
 * The client's file system (`fs/read_text_file`, `fs/write_text_file`) as
 * the file tools' text seam, used when the client offers it at initialize:
 * the model then reads what the user sees in the editor, unsaved changes
 * included, and its edits land in the editor's buffer. Permission checks
 * are untouched: they run on the declared paths before any read or write.
 */
import type { AgentContext, ClientCapabilities } from '@agentclientprotocol/sdk';
import type { TextFileAccess } from '../../contract/textFileAccess.js';

export function clientTextFiles(client: AgentContext, capabilities: ClientCapabilities | undefined, sessionId: () => string): TextFileAccess | undefined {
  const fs = capabilities?.fs;
  if (!fs?.readTextFile || !fs.writeTextFile) {
    // Half a seam would read one version and write over another: both or neither.
    return undefined;
  }
  return {
    async readText(absolutePath, signal) {
      const { content } = await client.request('fs/read_text_file', { sessionId: sessionId(), path: absolutePath }, { cancellationSignal: signal, stopWaitingOnCancel: true });
      return content;
    },
    async writeText(absolutePath, text) {
      await client.request('fs/write_text_file', { sessionId: sessionId(), path: absolutePath, content: text });
    },
  };
}
