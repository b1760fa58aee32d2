/**
 * The SubagentLauncher the Agent tool asks (src/contract/subagentLauncher.ts):
 * one per turn of a conversation, made from the session and the turn's
 * scope. The child machinery (runSubagent and the conversation it starts)
 * loads on the first launch, so start-up never pays for it.
 */
import type { Session } from '../session/session.js';
import type { SubagentLauncher } from '../contract/subagentLauncher.js';
import type { SubagentScope } from '../session/subagentScope.js';

export function createSubagentLauncher(session: Session, scope: SubagentScope): SubagentLauncher {
  return {
    mainSession: { id: scope.sessionId, dir: scope.sessionDir, transcriptPath: scope.transcriptPath },
    async run(request, parent) {
      const { runSubagent } = await import('./runSubagent.js');
      return runSubagent({ ...request, session, scope, parentContext: parent });
    },
  };
}
