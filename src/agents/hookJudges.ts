/**
 * The models behind `prompt` and `agent` hooks (src/hooks/hookJudge.ts):
 *   ask          one request to the fast model (or the hook's `model`)
 *   investigate  a child conversation with read-only tools (Read, Grep,
 *                Glob) that may look at the repository before it answers
 * The child runs without hooks, so a hook can never start itself again
 * (an agent hook on PreToolUse would otherwise judge its own Read calls),
 * and without anyone to ask: a call its rules do not allow is refused.
 * Its cost counts towards the session's.
 */
import type { HookJudges, JudgeRequest } from '../hooks/hookJudge.js';
import { NO_HOOKS } from '../hooks/hookSet.js';
import { fastModelFromEnv, resolveModelName } from '../services/api/models.js';
import { ConversationSession } from '../session/conversationSession.js';
import type { Session } from '../session/session.js';
import { createReadFileState } from '../state/readFileState.js';
import { textOfContent } from '../types/messages.js';
import { newUuid } from '../utils/ids.js';

const JUDGE_TOOLS = new Set(['Read', 'Grep', 'Glob']);
const JUDGE_MAX_TURNS = 10;
const JUDGE_MAX_TOKENS = 1_024;

export function createHookJudges(session: () => Session): HookJudges {
  return {
    ask: (request) => askJudge(session(), request),
    investigate: (request) => investigateJudge(session(), request),
  };
}

function judgeModel(session: Session, request: JudgeRequest): string {
  return request.model ? resolveModelName(request.model) : fastModelFromEnv(session.env);
}

async function askJudge(session: Session, request: JudgeRequest): Promise<string> {
  const message = await session.modelClient.createMessage(
    { model: judgeModel(session, request), max_tokens: JUDGE_MAX_TOKENS, messages: [{ role: 'user', content: request.prompt }] },
    request.signal,
  );
  session.costTracker.add(message.model, message.usage);
  return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

async function investigateJudge(session: Session, request: JudgeRequest): Promise<string> {
  const quiet: Session = Object.create(session, {
    hooks: { value: NO_HOOKS },
    baseEnv: { value: { ...session.baseEnv, hooks: NO_HOOKS } },
  });
  const model = judgeModel(session, request);
  const child = new ConversationSession({
    session: quiet,
    persist: false,
    tools: session.tools.filter((tool) => JUDGE_TOOLS.has(tool.name)),
    readFileState: createReadFileState(),
    child: {
      depth: 1,
      maxTurns: JUDGE_MAX_TURNS,
      model,
      cwd: request.cwd,
      costTracker: session.costTracker.forAgent('hook-judge'),
      agentId: newUuid().slice(0, 8),
      agentType: 'hook-judge',
      parentToolUseId: '',
      rootSessionId: session.id,
      rootSessionDir: session.info.dir,
      rootTranscriptPath: undefined,
    },
  });
  const run = child.submit(request.prompt, { signal: request.signal, env: { hooks: NO_HOOKS } });
  let step = await run.next();
  while (!step.done) step = await run.next();
  const last = [...step.value.messages].reverse().find((message) => message.type === 'assistant');
  if (!last) throw new Error(`the judge ended without an answer (${step.value.reason})`);
  return textOfContent(last.content);
}
