/**
 * The terminal's size, re-read on resize so width-dependent layout (tails
 * that fit, separators, tables) re-wraps instead of keeping the old width.
 */
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';
import { viewportRowsOf } from '../layout/inkStdout.js';

export type TerminalSize = { readonly columns: number; readonly rows: number };

const FALLBACK: TerminalSize = { columns: 80, rows: 24 };

export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => {
    const rows = viewportRowsOf(stdout) ?? 0;
    return { columns: stdout.columns > 0 ? stdout.columns : FALLBACK.columns, rows: rows > 0 ? rows : FALLBACK.rows };
  };
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
