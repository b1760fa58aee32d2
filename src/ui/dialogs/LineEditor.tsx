/**
 * A one-line text field for dialogs (feedback for the model, an "Other"
 * answer): typing, ←/→, Backspace, Enter submits, Esc goes back.
 */
import { Text, useInput } from 'ink';
import { useState, type ReactNode } from 'react';
import { deleteBackward, EMPTY_BUFFER, insertText, moveLeft, moveRight, type TextBuffer } from '../input/textBuffer.js';
import { CursorText } from '../input/CursorText.js';

export type LineEditorProps = {
  readonly label: string;
  readonly placeholder?: string;
  readonly onSubmit: (text: string) => void;
  readonly onCancel: () => void;
  readonly isActive?: boolean;
};

export function LineEditor({ label, placeholder, onSubmit, onCancel, isActive = true }: LineEditorProps): ReactNode {
  const [buffer, setBuffer] = useState<TextBuffer>(EMPTY_BUFFER);
  useInput(
    (input, key) => {
      if (key.return) onSubmit(buffer.text);
      else if (key.escape) onCancel();
      else if (key.backspace || key.delete) setBuffer(deleteBackward);
      else if (key.leftArrow) setBuffer(moveLeft);
      else if (key.rightArrow) setBuffer(moveRight);
      else if (input && !key.ctrl && !key.meta) setBuffer((current) => insertText(current, input.replace(/[\r\n]+/g, ' ')));
    },
    { isActive },
  );
  return (
    <Text>
      <Text bold>{label} </Text>
      {buffer.text === '' && placeholder ? (
        <>
          <CursorText text="" cursor={0} />
          <Text dimColor>{placeholder}</Text>
        </>
      ) : (
        <CursorText text={buffer.text} cursor={buffer.cursor} />
      )}
    </Text>
  );
}
