/** Values built on first use: start-up constructs nothing it does not send (a tool's zod schema). */

/** Builds a lazy schema factory: the schema is constructed on first use, then cached. */
export function lazySchema<T>(factory: () => T): () => T {
  let cached: T | undefined;
  return () => (cached ??= factory());
}
