/**
 * The completion menu under the prompt: /commands from the registry
 * (synchronous) and @paths from the file system and `@server:uri` MCP
 * resources (asynchronous; a stale answer for an older prefix is ignored).
 */
import { useEffect, useState } from 'react';
import type { CommandRegistry } from '../../commands/registry.js';
import { completionContextAt, type CompletionContext, type Suggestion } from './completions.js';
import { completeResourceMention } from '../../attachments/resourceMentions.js';
import { completeFilePath } from './fileCompletion.js';
import type { TextBuffer } from './textBuffer.js';

export type PromptSuggestions = { readonly context: CompletionContext; readonly items: readonly Suggestion[] };

/** The session's MCP resources, for `@server:uri` completion. */
export type ResourceLister = () => Promise<readonly { readonly server: string; readonly uri: string }[]>;

/** Files the session's tools read or wrote (absolute paths), ranked first among good `@` matches. */
export type TouchedFiles = () => Iterable<string>;

export function usePromptSuggestions(buffer: TextBuffer, commands: CommandRegistry, cwd: string, listResources?: ResourceLister, touchedFiles?: TouchedFiles): PromptSuggestions {
  const context = completionContextAt(buffer);
  const pathPrefix = context?.kind === 'path' ? context.prefix : undefined;
  const [paths, setPaths] = useState<{ readonly prefix: string; readonly items: readonly string[] } | undefined>(undefined);

  useEffect(() => {
    if (pathPrefix === undefined) return;
    let current = true;
    const resources = listResources && pathPrefix !== '' ? listResources().then((listed) => completeResourceMention(listed, pathPrefix), () => []) : Promise.resolve([]);
    void Promise.all([completeFilePath(cwd, pathPrefix, touchedFiles ? { touched: touchedFiles() } : {}), resources]).then(([files, mentions]) => {
      if (current) setPaths({ prefix: pathPrefix, items: [...files, ...mentions] });
    });
    return () => {
      current = false;
    };
  }, [pathPrefix, cwd, listResources, touchedFiles]);

  if (context?.kind === 'command') {
    const matches = commands.complete(context.prefix);
    const exact = matches.length === 1 && matches[0]!.name === context.prefix;
    if (exact && buffer.text.length > context.end) return { context, items: [] };
    return {
      context,
      items: matches.map((command) => ({
        replacement: `/${command.name}${command.argumentHint ? ' ' : ''}`,
        label: `/${command.name}${command.argumentHint ? ` ${command.argumentHint}` : ''}`,
        detail: command.description,
        submitsOnEnter: !command.argumentHint,
      })),
    };
  }
  if (context?.kind === 'path' && paths && paths.prefix === context.prefix) {
    return {
      context,
      items: paths.items.map((item) => ({ replacement: `@${item}${item.endsWith('/') ? '' : ' '}`, label: item, submitsOnEnter: false })),
    };
  }
  return { context, items: [] };
}
