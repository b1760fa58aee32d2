/**
 * The completion menu under the prompt: /commands from the registry
 * (synchronous) and @paths from the file system (asynchronous; a stale
 * answer for an older prefix is ignored).
 */
import { useEffect, useState } from 'react';
import type { CommandRegistry } from '../../commands/registry.js';
import { completionContextAt, type CompletionContext, type Suggestion } from './completions.js';
import { completeFilePath } from './fileCompletion.js';
import type { TextBuffer } from './textBuffer.js';

export type PromptSuggestions = { readonly context: CompletionContext; readonly items: readonly Suggestion[] };

export function usePromptSuggestions(buffer: TextBuffer, commands: CommandRegistry, cwd: string): PromptSuggestions {
  const context = completionContextAt(buffer);
  const pathPrefix = context?.kind === 'path' ? context.prefix : undefined;
  const [paths, setPaths] = useState<{ readonly prefix: string; readonly items: readonly string[] } | undefined>(undefined);

  useEffect(() => {
    if (pathPrefix === undefined) return;
    let current = true;
    void completeFilePath(cwd, pathPrefix).then((items) => {
      if (current) setPaths({ prefix: pathPrefix, items });
    });
    return () => {
      current = false;
    };
  }, [pathPrefix, cwd]);

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
