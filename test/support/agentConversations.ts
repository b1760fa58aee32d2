// The fake server playing a parent and its children at once: each conversation is told apart by
// its first user message (a child's is the delegated prompt) and answered from its own script.
import type { RecordedRequest, ScriptedTurn } from './fakeAnthropic.js';

/** The text of a request's first user message: the parent's prompt or a child's delegated prompt. */
export function firstPrompt(request: RecordedRequest): string {
  const content = request.body.messages[0].content;
  return typeof content === 'string' ? content : content.map((block: { text?: string }) => block.text ?? '').join('');
}

/** Answers each conversation from its own script, chosen by its first prompt. */
export function conversations(scripts: Record<string, Array<ScriptedTurn | ((request: RecordedRequest) => ScriptedTurn)>>) {
  const cursor = new Map<string, number>();
  return (request: RecordedRequest): ScriptedTurn => {
    const prompt = firstPrompt(request);
    const script = scripts[prompt];
    if (!script) throw new Error(`no script for a conversation starting "${prompt}"`);
    const index = cursor.get(prompt) ?? 0;
    cursor.set(prompt, index + 1);
    const step = script[index];
    if (!step) throw new Error(`script for "${prompt}" exhausted`);
    return typeof step === 'function' ? step(request) : step;
  };
}

export function requestsOf(requests: readonly RecordedRequest[], prompt: string): RecordedRequest[] {
  return requests.filter((request) => firstPrompt(request) === prompt);
}
