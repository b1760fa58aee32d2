/**
 * Esc Esc on an empty prompt opens the rewind picker: the second press
 * counts only within a short window of the first, so one stray Esc never
 * opens it and two far apart do not either.
 */
export const DOUBLE_ESCAPE_WINDOW_MS = 800;

export class DoubleEscape {
  private lastPress: number | undefined;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** True on the second press within the window (which then starts over). */
  press(): boolean {
    const at = this.now();
    const second = this.lastPress !== undefined && at - this.lastPress <= DOUBLE_ESCAPE_WINDOW_MS;
    this.lastPress = second ? undefined : at;
    return second;
  }
}
