/** The message of anything thrown, without a stack: what the model and the user get to see. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
    const message = error.message || error.name;
    return code && !message.includes(code) ? `${message} (${code})` : message;
  }
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** An error whose message is fit to show the user as-is (one line, no stack). */
export class UserFacingError extends Error {
  override readonly name = 'UserFacingError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
