/**
 * A one-line text field for dialogs (feedback for the model, an "Other"
 * answer): typing, ←/→, Backspace, Enter submits, Esc goes back.
 */
import { Text, useInput } from 'ink';
import { useReducer, useRef, type ReactNode } from 'react';
import { deleteBackward, EMPTY_BUFFER, insertText, moveLeft, moveRight, type TextBuffer } from '../input/textBuffer.js';
import { CursorText } from '../input/CursorText.js';
import { splitTypedChunk } from '../input/typedChunk.js';

export type LineEditorProps = {
  readonly label: string;
  readonly placeholder?: string;
  readonly onSubmit: (text: string) => void;
  readonly onCancel: () => void;
  readonly isActive?: boolean;
};

export function LineEditor({ label, placeholder, onSubmit, onCancel, isActive = true }: LineEditorProps): ReactNode {
  // A ref, not state: keys arriving in one chunk must each see the previous one's edit.
  const buffer = useRef<TextBuffer>(EMPTY_BUFFER);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const set = (next: TextBuffer): void => {
    buffer.current = next;
    rerender();
  };
  useInput(
    (input, key) => {
      if (key.return) onSubmit(buffer.current.text);
      else if (key.escape) onCancel();
      else if (key.backspace || key.delete) set(deleteBackward(buffer.current));
      else if (key.leftArrow) set(moveLeft(buffer.current));
      else if (key.rightArrow) set(moveRight(buffer.current));
      else if (input && !key.ctrl && !key.meta) {
        const chunk = splitTypedChunk(input);
        set(insertText(buffer.current, chunk.text));
        if (chunk.enter) onSubmit(buffer.current.text);
      }
    },
    { isActive },
  );
  return (
    <Text>
      <Text bold>{label} </Text>
      {buffer.current.text === '' && placeholder ? (
        <>
          <CursorText text="" cursor={0} />
          <Text dimColor>{placeholder}</Text>
        </>
      ) : (
        <CursorText text={buffer.current.text} cursor={buffer.current.cursor} />
      )}
    </Text>
  );
}
