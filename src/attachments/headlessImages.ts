/**
 * `agentcli -p "what is wrong in @shot.png"`: images named in a headless
 * prompt go to the model as image blocks, read with the Read tool through
 * the session's permission rules (no dialog here, so a Read that would ask
 * is refused, as every ask is headless). Text files are left for the model
 * to read itself: it sees the name and has Read, and a script's prompt should
 * not grow by whole files it did not ask to inline. A custom command's
 * template is different: its author wrote `@file` to have it inlined, as the
 * REPL does (`mentions: 'all'`).
 */
import { findToolByName } from '../Tool.js';
import type { Session } from '../session/createSession.js';
import { runToolUse } from '../services/tools/toolExecution.js';
import type { ContentBlockParam, ConversationMessage } from '../types/messages.js';
import { attachmentBlocks } from './attachmentBlocks.js';
import { mentionedFiles } from './promptMentions.js';

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
  if (images.length === 0 || !read) return prompt;
  const blocks: ContentBlockParam[] = [];
  for (const image of images) {
    if (options.signal.aborted) break;
    const id = `toolu_prompt_${process.pid}_${++nextId}`;
    const outcome = await runToolUse(
      { id, name: read.name, input: { file_path: image.absolute } },
      {
        env: options.session.baseEnv,
        context: { ...options.session.toolUseContext(options.signal, options.messages, options.cwd), toolUseId: id },
        onProgress: () => {},
      },
    );
    blocks.push(...attachmentBlocks(image.typed, outcome));
  }
  return [...blocks, { type: 'text', text: prompt }];
}
