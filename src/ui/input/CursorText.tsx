/**
 * Text with a visible cursor: the character under the cursor in inverse
 * video (a space at the end of the text). With NO_COLOR, Ink runs without
 * any styling, so the cursor becomes a bar glyph instead.
 */
import { Text } from 'ink';
import type { ReactNode } from 'react';
import { isNoColorRequested } from '../kit/theme.js';

const NO_STYLE_CURSOR = '▏';

export function CursorText({ text, cursor, showCursor = true }: { readonly text: string; readonly cursor: number; readonly showCursor?: boolean }): ReactNode {
  if (!showCursor) return <Text>{text}</Text>;
  if (isNoColorRequested()) return <Text>{text.slice(0, cursor) + NO_STYLE_CURSOR + text.slice(cursor)}</Text>;
  const codePoint = text.codePointAt(cursor);
  const onCharacter = codePoint !== undefined && text[cursor] !== '\n';
  const cursorChar = onCharacter ? String.fromCodePoint(codePoint) : ' ';
  return (
    <Text>
      {text.slice(0, cursor)}
      <Text inverse>{cursorChar}</Text>
      {text.slice(cursor + (onCharacter ? cursorChar.length : 0))}
    </Text>
  );
}
