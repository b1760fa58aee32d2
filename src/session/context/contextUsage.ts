/**
 * What fills the context window, by part, for /context. Parts are
 * estimated (four characters per token) so they add up the same way every
 * time; the API's own count of the latest response is shown next to them.
 */
import { toApiTools } from '../../services/api/toolSchemas.js';
import type { Tools, ToolUseContext } from '../../contract/tool.js';
import type { ConversationMessage } from '../../types/messages.js';
import type { TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { Session } from '../session.js';
import { estimateTokens } from '../compaction/tokenEstimate.js';
import { memoryFileText, type MemoryFile } from '../../context/memoryFiles.js';
import { refusedImportNote } from '../../context/memoryImports.js';

export type ContextPart = { readonly label: string; readonly tokens: number; readonly note?: string };

/** One tool definition's share: sent with every request, or deferred until ToolSearch loads it. */
export type ToolDefinitionUsage = { readonly name: string; readonly tokens: number; readonly sent: boolean; readonly mcpServer?: string };

export type ContextUsage = {
  readonly model: string;
  readonly window: number;
  readonly parts: readonly ContextPart[];
  /** Parts that do not take room now (deferred tools), listed for information. */
  readonly notCounted: readonly ContextPart[];
  readonly estimatedTotal: number;
  /** The messages' share of the estimate (their text and their tool results). */
  readonly messageTokens: number;
  /** The API's count after the latest response (0 before the first). */
  readonly measured: number;
  readonly autoCompactAt: number | undefined;
  /** The parts in detail, for clients that show them (the Agent SDK's getContextUsage). */
  readonly tools: readonly ToolDefinitionUsage[];
  readonly memoryFiles: readonly { readonly path: string; readonly scope: string; readonly tokens: number }[];
  /** Memory content the read gate kept out (a denied import, a file linking outside its area), one line each. */
  readonly memoryNotSent: readonly string[];
};

/** What /context measures of a conversation (ConversationSession has it; named here so the two files do not import each other). */
export type MeasuredConversation = {
  readonly session: Session;
  readonly messages: readonly ConversationMessage[];
  readonly model: string;
  readonly contextTokens: number;
  readonly contextWindow: number;
  readonly autoCompactThreshold: number | undefined;
  readonly systemPrompt: readonly TextBlockParam[];
  toolContext(signal: AbortSignal): ToolUseContext;
};

export async function measureContext(conversation: MeasuredConversation): Promise<ContextUsage> {
  const { session } = conversation;
  const memoryFiles = session.memoryFiles.map((file) => ({ path: file.path, scope: file.scope, tokens: estimateTokens(memoryFileText(file)) }));
  const memoryTokens = memoryFiles.reduce((sum, file) => sum + file.tokens, 0);
  const systemTokens = Math.max(0, estimateTokens(conversation.systemPrompt.map((block) => block.text).join('\n')) - memoryTokens);
  const context = conversation.toolContext(new AbortController().signal);
  const mode = session.appState.get().toolPermissionContext.mode;
  const sent = session.selectRequestTools(context);
  const sentNames = new Set(sent.map((tool) => tool.name));
  const deferred = context.tools.filter((tool) => !sentNames.has(tool.name));
  const [sentDefinitions, deferredDefinitions] = await Promise.all([
    toApiTools(sent, { tools: context.tools, permissionMode: mode }),
    toApiTools(deferred, { tools: context.tools, permissionMode: mode }),
  ]);
  const { messageTokens, resultTokens } = splitMessages(conversation.messages);
  const parts: ContextPart[] = [
    { label: 'System prompt', tokens: systemTokens },
    { label: 'Tool definitions', tokens: estimateTokens(sentDefinitions), note: `${sent.length} loaded` },
    { label: 'Memory files', tokens: memoryTokens, note: `${session.memoryFiles.length} CLAUDE.md` },
    { label: 'Messages', tokens: messageTokens, note: `${conversation.messages.length} messages` },
    { label: 'Tool results', tokens: resultTokens },
  ];
  const notCounted: ContextPart[] =
    deferred.length > 0 ? [{ label: 'Deferred tools', tokens: estimateTokens(deferredDefinitions), note: `${deferred.length} not sent until loaded with ToolSearch` }] : [];
  const perTool = (tools: Tools, definitions: readonly object[], sentWithRequests: boolean): ToolDefinitionUsage[] =>
    tools.map((tool, index) => ({
      name: tool.name,
      tokens: estimateTokens(definitions[index]),
      sent: sentWithRequests,
      ...(tool.mcpInfo ? { mcpServer: tool.mcpInfo.serverName } : {}),
    }));
  return {
    model: conversation.model,
    window: conversation.contextWindow,
    parts,
    notCounted,
    estimatedTotal: parts.reduce((sum, part) => sum + part.tokens, 0),
    messageTokens: messageTokens + resultTokens,
    measured: conversation.contextTokens,
    autoCompactAt: conversation.autoCompactThreshold,
    tools: [...perTool(sent, sentDefinitions, true), ...perTool(deferred, deferredDefinitions, false)],
    memoryFiles,
    memoryNotSent: memoryNotSent(session.memoryFiles),
  };
}

function memoryNotSent(files: readonly MemoryFile[]): string[] {
  const lines: string[] = [];
  for (const file of files) {
    if (file.withheld !== undefined) lines.push(`${file.path}: not sent: ${file.withheld}`);
    for (const item of file.imports) if (item.kind === 'refused') lines.push(refusedImportNote(item));
  }
  return lines;
}

function splitMessages(messages: readonly ConversationMessage[]): { messageTokens: number; resultTokens: number } {
  let messageTokens = 0;
  let resultTokens = 0;
  for (const message of messages) {
    if (typeof message.content === 'string') {
      messageTokens += estimateTokens(message.content);
      continue;
    }
    for (const block of message.content) {
      if (block.type === 'tool_result') resultTokens += estimateTokens(block);
      else messageTokens += estimateTokens(block);
    }
  }
  return { messageTokens, resultTokens };
}

const BAR_WIDTH = 40;

/** The /context text: one line per part with its share of the window, and a bar of the whole. */
export function formatContextUsage(usage: ContextUsage): string {
  const percent = (tokens: number): string => `${((tokens / usage.window) * 100).toFixed(1)}%`;
  const labelWidth = Math.max(...[...usage.parts, ...usage.notCounted].map((part) => part.label.length));
  const glyphs = ['▓', '█', '▒', '▆', '░'];
  let bar = '';
  usage.parts.forEach((part, index) => {
    bar += glyphs[index % glyphs.length]!.repeat(Math.round((part.tokens / usage.window) * BAR_WIDTH));
  });
  bar = bar.slice(0, BAR_WIDTH).padEnd(BAR_WIDTH, '·');
  const used = Math.max(usage.estimatedTotal, usage.measured);
  const lines = [
    `Context: ${formatTokens(used)} of ${formatTokens(usage.window)} tokens (${percent(used)})`,
    `[${bar}]`,
    '',
    ...usage.parts.map(
      (part, index) =>
        `${glyphs[index % glyphs.length]} ${part.label.padEnd(labelWidth)}  ${formatTokens(part.tokens).padStart(7)}  ${percent(part.tokens).padStart(6)}${part.note ? `  (${part.note})` : ''}`,
    ),
    ...usage.notCounted.map((part) => `  ${part.label.padEnd(labelWidth)}  ${formatTokens(part.tokens).padStart(7)}     —    (${part.note})`),
    ...(usage.memoryNotSent.length > 0 ? ['', 'Memory kept out of the context by permission rules:', ...usage.memoryNotSent.map((line) => `  ${line}`)] : []),
    '',
    usage.measured > 0 ? `Measured by the API after the latest response: ${formatTokens(usage.measured)} tokens.` : 'No response yet: figures are estimates (4 characters per token).',
    usage.autoCompactAt !== undefined
      ? `Automatic compaction at ${formatTokens(usage.autoCompactAt)} tokens (${percent(usage.autoCompactAt)}); /compact runs it now.`
      : 'Automatic compaction is off (AGENTCLI_AUTOCOMPACT_PCT); /compact runs it on demand.',
  ];
  return lines.join('\n');
}

export function formatTokens(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1_000)}k`;
  if (count >= 1_000) return `${(count / 1_000).toFixed(1)}k`;
  return String(count);
}
