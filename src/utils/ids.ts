/**
 * Random ids from the Web Crypto global rather than `node:crypto`: importing
 * node:crypto loads every cipher, key and certificate module of Node's
 * crypto (~5 ms on a 2-core machine, paid before the first request, since a
 * session id is made at start), while the global loads only its random
 * source. The values are the same CSPRNG's.
 */
export function newUuid(): string {
  return globalThis.crypto.randomUUID();
}

/** `bytes` random bytes as lower-case hex (for unique temporary names and short ids). */
export function randomHex(bytes: number): string {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes))).toString('hex');
}

export function nowIso(): string {
  return new Date().toISOString();
}
