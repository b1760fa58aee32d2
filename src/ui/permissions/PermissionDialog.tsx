/**
 * The dialog for an `ask` decision. It shows the call and asks; the answer
 * goes back to the pipeline, which applies it (runs the call, saves the
 * rule, or returns the rejection and the user's words to the model).
 *
 *   Bash command
 *     npm test
 *   Do you want to run this command?
 *   ❯ 1. Yes
 *     2. Yes, and don't ask again for Bash(npm test:*) in this project (.claude/settings.local.json)
 *     3. No, and tell the model what to do differently (esc)
 *
 * Every key is handled by one input handler over a ref: choosing 3 and
 * typing the feedback at once (one stdin chunk) loses nothing.
 */
import { Box, Text, useInput } from 'ink';
import { useReducer, useRef, type ReactNode } from 'react';
import type { PermissionResponse } from '../../permissions/types.js';
import type { PermissionRequest } from '../../services/tools/toolExecution.js';
import { selectKeyAction, SelectListView } from '../dialogs/SelectList.js';
import { CursorText } from '../input/CursorText.js';
import { ClippedBox } from '../layout/ClippedBox.js';
import { deleteBackward, EMPTY_BUFFER, insertText, moveLeft, moveRight, type TextBuffer } from '../input/textBuffer.js';
import { splitTypedChunk } from '../input/typedChunk.js';
import { colors } from '../kit/theme.js';
import { PermissionBody } from './PermissionBody.js';
import { denialWithFeedback, isFileEditTool, permissionChoices, permissionWording, responseFor } from './permissionPrompt.js';

export type PermissionDialogProps = {
  readonly request: Pick<PermissionRequest, 'tool' | 'input' | 'decision' | 'agentName'>;
  readonly onAnswer: (response: PermissionResponse) => void;
  readonly columns: number;
  /** Rows the call's preview may take; the dialog around it needs about a dozen more. */
  readonly maxBodyRows?: number;
  /** Switches the session to acceptEdits; given, a file edit asked about by the mode offers it (and Shift+Tab chooses it). */
  readonly onAllowEditsForSession?: () => void;
};

type DialogState = { readonly mode: 'choosing'; readonly index: number } | { readonly mode: 'feedback'; readonly index: number; readonly feedback: TextBuffer } | { readonly mode: 'answered' };

export function PermissionDialog({ request, onAnswer, columns, maxBodyRows = 20, onAllowEditsForSession }: PermissionDialogProps): ReactNode {
  const { tool, input, decision } = request;
  const wording = permissionWording(tool.name, safeDisplayName(request), input);
  const sessionEdits = onAllowEditsForSession !== undefined && decision.reason.type === 'mode' && isFileEditTool(tool.name);
  const options = permissionChoices(decision.suggestedRules, { sessionEdits, sandboxed: decision.sandboxed === true });
  // The question says what the mode asks; only a rule, a hook or the tool itself has something to add.
  const reason = dialogReason(decision);
  const state = useRef<DialogState>({ mode: 'choosing', index: 0 });
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const set = (next: DialogState): void => {
    state.current = next;
    rerender();
  };
  const answer = (response: PermissionResponse): void => {
    set({ mode: 'answered' });
    onAnswer(response);
  };

  useInput((typed, key) => {
    const current = state.current;
    if (current.mode === 'answered') return;
    if (current.mode === 'feedback') {
      if (key.return) answer(denialWithFeedback(current.feedback.text));
      else if (key.escape) set({ mode: 'choosing', index: current.index });
      else if (key.backspace || key.delete) set({ ...current, feedback: deleteBackward(current.feedback) });
      else if (key.leftArrow) set({ ...current, feedback: moveLeft(current.feedback) });
      else if (key.rightArrow) set({ ...current, feedback: moveRight(current.feedback) });
      else if (typed && !key.ctrl && !key.meta) {
        const chunk = splitTypedChunk(typed);
        const feedback = insertText(current.feedback, chunk.text);
        if (chunk.enter) answer(denialWithFeedback(feedback.text));
        else set({ ...current, feedback });
      }
      return;
    }
    if (sessionEdits && key.tab && key.shift) return chooseSessionEdits();
    const action = selectKeyAction(typed, key, current.index, options.length);
    if (!action) return;
    if (action.type === 'cancel') return answer({ type: 'deny' });
    if (action.type === 'move') return set({ mode: 'choosing', index: action.index });
    const choice = options[action.index]!.value;
    if (choice.kind === 'deny_with_feedback') set({ mode: 'feedback', index: action.index, feedback: EMPTY_BUFFER });
    else if (choice.kind === 'allow_edits_for_session') chooseSessionEdits();
    else answer(responseFor(choice));
  });

  function chooseSessionEdits(): void {
    onAllowEditsForSession?.();
    answer({ type: 'allow_once' });
  }

  const current = state.current;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={colors.permission} paddingX={1} marginTop={1}>
      <Text bold color={colors.permission}>
        {wording.title}
      </Text>
      {request.agentName ? (
        <Text>
          <Text bold>{request.agentName}</Text> wants to use {safeDisplayName(request)}
        </Text>
      ) : null}
      <Box paddingLeft={columns >= 50 ? 2 : 0} marginY={1} flexDirection="column">
        <ClippedBox maxRows={maxBodyRows}>
          <PermissionBody tool={tool} input={input} options={{ verbose: false, columns: Math.max(10, columns - 8) }} />
        </ClippedBox>
      </Box>
      {reason ? <Text dimColor>{reason}</Text> : null}
      <Text>{wording.question}</Text>
      {current.mode === 'feedback' ? (
        <Box flexDirection="column">
          <Text>
            <Text bold>Tell the model what to do instead: </Text>
            <CursorText text={current.feedback.text} cursor={current.feedback.cursor} />
          </Text>
          <Text dimColor>Enter to send (empty: just say no) · Esc to go back</Text>
        </Box>
      ) : (
        <SelectListView options={options} index={current.mode === 'choosing' ? current.index : 0} />
      )}
    </Box>
  );
}

function safeDisplayName(request: Pick<PermissionRequest, 'tool' | 'input'>): string {
  try {
    const input = typeof request.input === 'object' && request.input !== null ? request.input : undefined;
    return request.tool.userFacingName(input) || request.tool.name;
  } catch {
    return request.tool.name;
  }
}

/**
 * What the dialog says above its question, in the user's words: the rule that asks, or why the
 * analyser will not decide by itself. Not the message meant for the model, whose subject names the
 * analyser's internals ("Bash: (whole command) evaluated-code needs permission — …").
 */
function dialogReason(decision: PermissionRequest['decision']): string | undefined {
  switch (decision.reason.type) {
    case 'mode':
      return undefined;
    case 'rule':
      return `Rule ${decision.reason.rule} (${decision.reason.source}) asks before this runs.`;
    case 'other': {
      const detail = decision.reason.detail.trim();
      return detail === '' ? undefined : `${detail.charAt(0).toUpperCase()}${detail.slice(1)}${/[.!?]$/.test(detail) ? '' : '.'}`;
    }
    default:
      return decision.message;
  }
}
