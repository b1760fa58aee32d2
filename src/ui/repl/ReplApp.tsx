/**
 * The REPL screen, top to bottom:
 *
 *   <Static>   finished transcript items, printed once (scroll-back works)
 *   live area  streaming reply, running tools, spinner
 *   dialog     when the turn waits on the user (permission, question, plan)
 *   input box  (hidden while a dialog has the keyboard)
 *   status     mode, model, context, cost, folder, branch
 */
import { Box, Static, Text, useApp, useInput } from 'ink';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { CommandRegistry } from '../../commands/registry.js';
import type { PromptHistory } from '../../history/promptHistory.js';
import { ChoiceDialog } from '../dialogs/ChoiceDialog.js';
import { ElicitationDialog } from '../dialogs/ElicitationDialog.js';
import { PlanApprovalDialog } from '../dialogs/PlanApprovalDialog.js';
import { QuestionsDialog } from '../dialogs/QuestionsDialog.js';
import { useTerminalSize } from '../hooks/useTerminalSize.js';
import { PromptInput } from '../input/PromptInput.js';
import type { PromptEffects } from '../input/promptKeyHandler.js';
import { PermissionDialog } from '../permissions/PermissionDialog.js';
import { StatusLine } from '../status/StatusLine.js';
import type { StatusLineSource } from '../status/statusLineSlot.js';
import { LiveArea } from '../transcript/LiveArea.js';
import { TranscriptItemView } from '../transcript/TranscriptItemView.js';
import { TranscriptView } from '../transcript/TranscriptView.js';
import type { PendingDialog } from './dialogQueue.js';
import type { ReplController } from './replController.js';
import type { ReplStatus } from './replViewModel.js';

export type ReplAppProps = {
  readonly controller: ReplController;
  readonly commands: CommandRegistry;
  readonly history: PromptHistory;
  /** The `statusLine` setting's program (or the slot /statusline changes): its line shows under the status line. */
  readonly statusLine?: StatusLineSource;
};

/** Rows kept for the input box, the status line and the spinner; the live area gets the rest. */
const RESERVED_ROWS = 9;
/**
 * Rows a dialog needs besides the preview it shows (frame, title, question,
 * choices, status line, the tool line above it). The preview gets the rest,
 * so the dialog never outgrows the terminal (which would make Ink clear it).
 */
const DIALOG_CHROME_ROWS = 18;

export function ReplApp({ controller, commands, history, statusLine }: ReplAppProps): ReactNode {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const { session } = controller;
  const transcript = useSyncExternalStore(controller.transcript.subscribe, controller.transcript.getSnapshot);
  const status = useSyncExternalStore(controller.subscribeStatus, controller.getStatus);
  const dialog = useSyncExternalStore(controller.dialogs.subscribe, controller.dialogs.current);
  const mcp = session.mcp;
  const listResources = useMemo(() => (mcp ? () => mcp.resources() : undefined), [mcp]);
  const touchedFiles = useMemo(() => () => session.readFileState.keys(), [session]);
  const mode = useSyncExternalStore(session.appState.subscribe, () => session.appState.get().toolPermissionContext.mode);

  useEffect(() => {
    if (status.exitRequested) exit();
  }, [status.exitRequested, exit]);

  // <Static> never looks at printed items again: let their payloads go.
  useEffect(() => {
    controller.transcript.releasePrinted(transcript.staticItems.length);
  }, [controller, transcript.staticItems.length]);

  // With a dialog open the input box is gone; Ctrl+C still stops the turn.
  useInput(
    (input, key) => {
      if (key.ctrl && input === 'c') controller.interrupt();
    },
    { isActive: dialog !== undefined && !status.transcriptOpen },
  );

  const effects = useMemo<PromptEffects>(
    () => ({
      submit: (text) => controller.submit(text),
      interrupt: () => void controller.interrupt(),
      cycleMode: () => void controller.cycleMode(),
      openTranscript: () => controller.setTranscriptOpen(true),
      exit: () => controller.requestExit(),
      pasteImage: () => void controller.pasteClipboardImage(),
      openRewind: () => controller.openRewind(),
      runInBackground: () => controller.runInBackground(),
    }),
    [controller],
  );

  const transcriptView = status.transcriptOpen ? (
    <TranscriptView
      messages={controller.messages}
      tools={session.tools}
      columns={columns}
      rows={rows}
      onClose={() => controller.setTranscriptOpen(false)}
      childWork={controller.transcript.childWork}
    />
  ) : null;
  return (
    <Box flexDirection="column">
      {/* An absolutely positioned <Static> would size itself to its content; pin it to the terminal's width so long lines wrap. */}
      <Static key={transcript.staticEpoch} items={transcript.staticItems} style={{ width: columns }}>
        {(item) => <TranscriptItemView key={item.id} item={item} tools={session.tools} verbose={status.verbose} columns={columns} />}
      </Static>
      {transcriptView}
      <Box flexDirection="column" display={transcriptView ? 'none' : 'flex'}>
        <LiveArea
          segments={transcript.live}
          turn={transcript.turn}
          tools={session.tools}
          verbose={status.verbose}
          columns={columns}
          maxRows={Math.max(3, rows - RESERVED_ROWS)}
          showSpinner={dialog === undefined}
        />
        {dialog && !transcriptView ? (
          <DialogView key={dialog.id} dialog={dialog} columns={columns} maxBodyRows={Math.max(4, rows - DIALOG_CHROME_ROWS)} onAllowEditsForSession={() => controller.setPermissionMode('acceptEdits')} />
        ) : null}
        <Box marginTop={1} flexDirection="column" display={dialog ? 'none' : 'flex'}>
          <PromptInput
            isActive={dialog === undefined && !status.exitRequested && !status.transcriptOpen}
            isBusy={status.busy}
            history={history.entries}
            commands={commands}
            cwd={status.cwd}
            columns={columns}
            effects={effects}
            restoredInput={status.restoredInput}
            insertion={status.inputInsertion}
            vimMode={status.vimMode}
            hint={promptHint(status)}
            touchedFiles={touchedFiles}
            {...(listResources ? { listResources } : {})}
          />
        </Box>
        <StatusLine
          mode={mode}
          model={status.model}
          contextTokens={status.contextTokens}
          costUsd={status.costUsd}
          cwd={status.cwd}
          branch={session.git?.branch}
          verbose={status.verbose}
          columns={columns}
        />
        {statusLine ? <CustomStatusLine source={statusLine} /> : null}
      </Box>
    </Box>
  );
}

function CustomStatusLine({ source }: { readonly source: StatusLineSource }): ReactNode {
  const line = useSyncExternalStore(source.subscribe, source.getSnapshot);
  return line === undefined ? null : (
    <Box paddingX={1}>
      <Text wrap="truncate-end">{line}</Text>
    </Box>
  );
}

type DialogViewProps = { readonly dialog: PendingDialog; readonly columns: number; readonly maxBodyRows: number; readonly onAllowEditsForSession: () => void };

function DialogView({ dialog, columns, maxBodyRows, onAllowEditsForSession }: DialogViewProps): ReactNode {
  switch (dialog.kind) {
    case 'permission':
      return <PermissionDialog request={dialog.request} onAnswer={dialog.answer} columns={columns} maxBodyRows={maxBodyRows} onAllowEditsForSession={onAllowEditsForSession} />;
    case 'questions':
      return <QuestionsDialog questions={dialog.questions} onAnswer={dialog.answer} />;
    case 'plan':
      return <PlanApprovalDialog plan={dialog.plan} onAnswer={dialog.answer} columns={columns} maxPlanRows={maxBodyRows} />;
    case 'choice':
      return <ChoiceDialog request={dialog.request} onAnswer={dialog.answer} />;
    case 'elicitation':
      return <ElicitationDialog request={dialog.request} onAnswer={dialog.answer} />;
  }
}

function promptHint(status: ReplStatus): string | undefined {
  const hints: string[] = [];
  if (status.queued.length > 0) hints.push(`${status.queued.length} queued: ${truncate(status.queued[0]!, 40)}${status.queued.length > 1 ? ' …' : ''}`);
  if (status.pendingContextCount > 0) hints.push('shell output goes to the model with your next prompt');
  if (status.runningTasks > 0) hints.push(`${status.runningTasks} background ${status.runningTasks === 1 ? 'task' : 'tasks'} running · /tasks`);
  return hints.length > 0 ? hints.join(' · ') : undefined;
}

function truncate(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
