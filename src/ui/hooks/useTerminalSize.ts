/**
 * The terminal's size, re-read on resize so width-dependent layout (tails
 * that fit, separators, tables) re-wraps instead of keeping the old width.
 */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export type TerminalSize = { readonly columns: number; readonly rows: number };

const FALLBACK: TerminalSize = { columns: 80, rows: 24 };

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({
    columns: stdout.columns > 0 ? stdout.columns : FALLBACK.columns,
    rows: stdout.rows > 0 ? stdout.rows : FALLBACK.rows,
  });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = (): void => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `read` only closes over stdout
  }, [stdout]);
  return size;
}
