/**
 * Every `ask` of the permission system becomes a `session/request_permission`
 * to the client, with the four answers ACP knows:
 *   allow once     the call runs;
 *   allow always   the call runs, and the rule the REPL's "don't ask again"
 *                  would save is saved (.claude/settings.local.json) and live;
 *   reject once    the call does not run and the turn ends (the REPL's "No");
 *   reject always  the same, and a deny rule for the call goes live for the
 *                  rest of this session (not saved: a saved deny is a
 *                  decision for the project, made in the settings file).
 * A request the client cancels, or one the turn's cancel overtakes, is a
 * rejection.
 */
import { allowAlwaysScope } from '../../permissions/allowAlways.js';
import type { AgentContext, PermissionOption, RequestPermissionResponse, ToolCallUpdate } from '@agentclientprotocol/sdk';
import { PermissionState } from '../../permissions/permissionState.js';
import type { PermissionResponse } from '../../permissions/types.js';
import type { PermissionAsker, PermissionRequest } from '../../services/tools/toolExecution.js';
import type { AppStateStore } from '../../contract/appState.js';

export const PERMISSION_OPTION_IDS = {
  allowOnce: 'allow_once',
  allowAlways: 'allow_always',
  rejectOnce: 'reject_once',
  rejectAlways: 'reject_always',
} as const;

export type AcpPermissionAskerOptions = {
  readonly client: AgentContext;
  readonly sessionId: () => string;
  /** Announces the call (tool_call) if the client has not seen it yet; returns what the request should repeat of it. */
  readonly announce: (request: PermissionRequest) => Promise<ToolCallUpdate>;
  readonly appState: AppStateStore;
  readonly projectRoot: string;
};

export function acpPermissionAsker(options: AcpPermissionAskerOptions): PermissionAsker {
  return async (request) => {
    const toolCall = await options.announce(request);
    const rules = (request.decision.suggestedRules ?? []).filter((rule) => rule.trim() !== '');
    const denyRules = rules.length > 0 ? rules : [request.tool.name];
    const permissionOptions: PermissionOption[] = [
      { optionId: PERMISSION_OPTION_IDS.allowOnce, name: 'Allow', kind: 'allow_once' },
      ...(rules.length > 0
        ? // Where the rule goes, as the REPL's dialog says it: saved for the project, or held for this session.
          [{ optionId: PERMISSION_OPTION_IDS.allowAlways, name: `Always allow ${rules.join(', ')} ${allowAlwaysScope(rules) === 'project' ? 'in this project' : 'in this session'}`, kind: 'allow_always' } as const]
        : []),
      { optionId: PERMISSION_OPTION_IDS.rejectOnce, name: 'Reject', kind: 'reject_once' },
      { optionId: PERMISSION_OPTION_IDS.rejectAlways, name: `Always reject ${denyRules.join(', ')} in this session`, kind: 'reject_always' },
    ];
    let answer: RequestPermissionResponse;
    try {
      answer = await options.client.request(
        'session/request_permission',
        { sessionId: options.sessionId(), toolCall, options: permissionOptions },
        { cancellationSignal: request.signal, stopWaitingOnCancel: true },
      );
    } catch {
      // Cancelled by the turn, or the client could not answer: nothing runs without a yes.
      return { type: 'deny' };
    }
    return responseFor(answer, { rules, denyRules, request, options });
  };
}

function responseFor(
  answer: RequestPermissionResponse,
  context: { rules: readonly string[]; denyRules: readonly string[]; request: PermissionRequest; options: AcpPermissionAskerOptions },
): PermissionResponse {
  if (answer.outcome.outcome !== 'selected') return { type: 'deny' };
  switch (answer.outcome.optionId) {
    case PERMISSION_OPTION_IDS.allowOnce:
      return { type: 'allow_once' };
    case PERMISSION_OPTION_IDS.allowAlways:
      return { type: 'allow_always', rules: context.rules };
    case PERMISSION_OPTION_IDS.rejectAlways:
      new PermissionState(context.options.appState).addRules('deny', context.denyRules, { kind: 'localSettings', origin: 'rejected always in the editor (this session)' });
      return { type: 'deny' };
    default:
      return { type: 'deny' };
  }
}
