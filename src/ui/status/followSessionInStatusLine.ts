import type { ReplController } from '../repl/replController.js';
import type { StatusLineCommand } from './statusLineCommand.js';

/** Feeds the status-line program every change of what it is told about (model, cwd, mode, cost, context), and the end of each turn. */
export function followSessionInStatusLine(controller: ReplController, command: StatusLineCommand): { command: StatusLineCommand; stop: () => void } {
  const { session } = controller;
  let wasBusy = controller.getStatus().busy;
  const push = (): void => {
    const status = controller.getStatus();
    const turnEnded = wasBusy && !status.busy;
    wasBusy = status.busy;
    command.update({
      sessionId: session.id,
      cwd: status.cwd,
      projectDir: session.cwd,
      model: status.model,
      permissionMode: session.appState.get().toolPermissionContext.mode,
      costUsd: status.costUsd,
      contextTokens: status.contextTokens,
    }, { force: turnEnded });
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
