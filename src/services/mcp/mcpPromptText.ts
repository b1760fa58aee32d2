/**
 * A prompts/get result as the text of the user's turn. Text stays text;
 * an embedded resource becomes its text under a header naming it; what the
 * model could not take as text (images, audio, binary) is named, not sent.
 * A message the server marks as the assistant's is labelled so, since the
 * whole result arrives as one user turn.
 */
export type PromptResultLike = { readonly messages: readonly { readonly role: string; readonly content: unknown }[] };

export function promptResultText(result: PromptResultLike, serverName: string): string {
  return result.messages
    .map((message) => {
      const text = contentText(message.content, serverName);
      return message.role === 'assistant' ? `Assistant: ${text}` : text;
    })
    .filter((text) => text !== '')
    .join('\n\n');
}

function contentText(content: unknown, serverName: string): string {
  if (!isRecord(content)) return '';
  switch (content.type) {
    case 'text':
      return String(content.text ?? '');
    case 'resource': {
      const resource = isRecord(content.resource) ? content.resource : {};
      const uri = String(resource.uri ?? '');
      return typeof resource.text === 'string' ? `[Resource ${uri}]\n${resource.text}` : `[binary resource ${uri} from ${serverName} not included]`;
    }
    case 'resource_link':
      return `[Resource link: ${String(content.uri ?? '')}]`;
    default:
      return `[${String(content.type)} content from ${serverName} not included]`;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
