import type { ReplController } from '../repl/replController.js';
import type { StatusLineCommand } from './statusLineCommand.js';

/** Feeds the status-line program every change of what it is told about (model, cwd, mode, cost, context). */
export function followSessionInStatusLine(controller: ReplController, command: StatusLineCommand): { command: StatusLineCommand; stop: () => void } {
  const { session } = controller;
  const push = (): void => {
    const status = controller.getStatus();
    command.update({
      sessionId: session.id,
      cwd: status.cwd,
      projectDir: session.cwd,
      model: status.model,
      permissionMode: session.appState.get().toolPermissionContext.mode,
      costUsd: status.costUsd,
      contextTokens: status.contextTokens,
    });
  };
  const unsubscribeStatus = controller.subscribeStatus(push);
  const unsubscribeState = session.appState.subscribe(push);
  push();
  return {
    command,
    stop: () => {
      unsubscribeStatus();
      unsubscribeState();
      command.dispose();
    },
  };
}
