/**
 * `agentcli -p "what is wrong in @shot.png"`: images named in a headless
 * prompt go to the model as image blocks, read with the Read tool through
 * the session's permission rules (no dialog here, so a Read that would ask
 * is refused, as every ask is headless). Text files are left for the model
 * to read itself: it sees the name and has Read, and a script's prompt should
 * not grow by whole files it did not ask to inline. A custom command's
 * template is different: its author wrote `@file` to have it inlined, as the
 * REPL does (`mentions: 'all'`). An MCP resource named `@server:uri` is
 * attached too (read with ReadMcpResource, under the same rules).
 */
import { findToolByName } from '../contract/tool.js';
import type { Session } from '../session/session.js';
import { runToolUse } from '../services/tools/toolExecution.js';
import type { ContentBlockParam, ConversationMessage } from '../types/messages.js';
import { attachmentBlocks } from '../attachments/attachmentBlocks.js';
import { mentionedFiles } from '../attachments/promptMentions.js';
import { mentionedResources } from '../attachments/resourceMentions.js';
import { READ_MCP_RESOURCE_TOOL_NAME } from '../tools/ReadMcpResourceTool/prompt.js';

let nextId = 0;

/** The prompt as content blocks when it names files to attach; the plain string otherwise. */
export async function headlessPromptContent(
  prompt: string,
  options: {
    readonly session: Session;
    readonly cwd: string;
    readonly signal: AbortSignal;
    readonly messages: readonly ConversationMessage[];
    /** Which mentions are attached: images only (a typed prompt, the default) or every file (a command's template). */
    readonly mentions?: 'images' | 'all';
  },
): Promise<string | ContentBlockParam[]> {
  const mentioned = await mentionedFiles(prompt, options.cwd);
  const images = options.mentions === 'all' ? mentioned : mentioned.filter((file) => file.isImage);
  const read = findToolByName(options.session.tools, 'Read');
  // `@server:uri` names a resource on purpose: it is attached whatever kind of prompt this is.
  const mcp = options.session.mcp;
  const resources = mcp ? mentionedResources(prompt, mcp.clients().map((client) => client.name)) : [];
  const readResource = findToolByName(options.session.tools, READ_MCP_RESOURCE_TOOL_NAME);
  const reads = [
    ...(read ? images.map((image) => ({ typed: image.typed, tool: read.name, input: { file_path: image.absolute } })) : []),
    ...(readResource ? resources.map((resource) => ({ typed: resource.typed, tool: readResource.name, input: { server: resource.server, uri: resource.uri } })) : []),
  ];
  if (reads.length === 0) return prompt;
  const blocks: ContentBlockParam[] = [];
  for (const { typed, tool, input } of reads) {
    if (options.signal.aborted) break;
    const id = `toolu_prompt_${process.pid}_${++nextId}`;
    const outcome = await runToolUse(
      { id, name: tool, input },
      {
        env: options.session.baseEnv,
        context: { ...options.session.toolUseContext(options.signal, options.messages, options.cwd), toolUseId: id },
        onProgress: () => {},
      },
    );
    blocks.push(...attachmentBlocks(typed, outcome));
  }
  return [...blocks, { type: 'text', text: prompt }];
}
