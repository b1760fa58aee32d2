/**
 * Answers WebFetch's prompt from the page with a small, fast model, so the
 * main conversation receives the answer instead of the whole page. It goes
 * through the session's own model client (same endpoint, key and proxy).
 */
import type { ModelClient } from '../../contract/modelClient.js';

const ANSWER_MAX_TOKENS = 4_096;

const SYSTEM_PROMPT = `You read one web page for a coding agent and answer its request about the page.
Answer from the page content only; if the page does not contain the answer, say so plainly instead of guessing.
Be concise and concrete: keep code, commands, version numbers, API names and URLs exactly as the page gives them.
Quote the page only briefly (a sentence or a short code sample at a time).`;

export type PageQuestion = {
  readonly modelClient: ModelClient;
  readonly model: string;
  readonly url: string;
  readonly content: string;
  readonly prompt: string;
  readonly signal: AbortSignal;
};

export async function answerFromPage(question: PageQuestion): Promise<string> {
  const message = await question.modelClient.createMessage(
    {
      model: question.model,
      max_tokens: ANSWER_MAX_TOKENS,
      system: [{ type: 'text', text: SYSTEM_PROMPT }],
      messages: [
        {
          role: 'user',
          content: `Page: ${question.url}\n\n<page>\n${question.content}\n</page>\n\nRequest: ${question.prompt}`,
        },
      ],
    },
    question.signal,
  );
  const text = message.content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();
  return text || '(The model that read the page gave no answer.)';
}
