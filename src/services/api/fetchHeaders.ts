/**
 * The fetch standard's `Headers`, for the model API's requests and
 * responses. Node's own `Headers` is a global whose first touch loads
 * undici — Node's whole fetch implementation, ~25 ms of CPU on a 2-core
 * machine — before the first request could be sent; agentcli sends
 * requests through node:http (nodeHttpFetch.ts) and needs only this class.
 * The build makes the Anthropic SDK's modules use it in place of the
 * global (scripts/build.mjs, `sdkFetchHeadersPlugin`).
 *
 * Decision: our own ~80 lines rather than `headers-polyfill`, because that
 * package's constructor reads `globalThis.Headers` (loading undici, the
 * cost this avoids). Behaviour follows https://fetch.spec.whatwg.org/#headers-class
 * for what a client sees: case-insensitive names checked against the
 * token grammar, values trimmed of HTTP whitespace and refused with NUL,
 * CR or LF, repeated names combined with ", " (set-cookie kept apart for
 * getSetCookie), iteration sorted by lower-cased name. Guards (immutable
 * response headers) are not modelled: nothing here hands headers to code
 * that should not change them.
 */
type HeaderPairs = Iterable<readonly [string, string] | readonly string[]>;
export type FetchHeadersInit = HeaderPairs | Record<string, string | readonly string[]> | { forEach(callback: (value: string, name: string) => void): void };

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const SURROUNDING_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;

export class FetchHeaders implements Iterable<[string, string]> {
  /** Lower-cased name → values in the order they were added. */
  readonly #values = new Map<string, string[]>();

  constructor(init?: FetchHeadersInit | null) {
    if (init === undefined || init === null) return;
    if (typeof init !== 'object') throw new TypeError('Headers: init must be an object, an iterable of pairs or a Headers');
    if (Symbol.iterator in init) {
      for (const pair of init as HeaderPairs) {
        if (pair.length !== 2) throw new TypeError('Headers: each header pair must have exactly a name and a value');
        this.append(String(pair[0]), String(pair[1]));
      }
      return;
    }
    if (typeof init.forEach === 'function') {
      init.forEach((value, name) => this.append(name, value));
      return;
    }
    for (const [name, value] of Object.entries(init)) {
      if (Array.isArray(value)) for (const item of value) this.append(name, String(item));
      else this.append(name, String(value));
    }
  }

  append(name: string, value: string): void {
    const key = checkedName(name);
    const normalised = checkedValue(value);
    const existing = this.#values.get(key);
    if (existing) existing.push(normalised);
    else this.#values.set(key, [normalised]);
  }

  set(name: string, value: string): void {
    this.#values.set(checkedName(name), [checkedValue(value)]);
  }

  delete(name: string): void {
    this.#values.delete(checkedName(name));
  }

  has(name: string): boolean {
    return this.#values.has(checkedName(name));
  }

  get(name: string): string | null {
    return this.#values.get(checkedName(name))?.join(', ') ?? null;
  }

  getSetCookie(): string[] {
    return [...(this.#values.get('set-cookie') ?? [])];
  }

  *entries(): IterableIterator<[string, string]> {
    for (const name of [...this.#values.keys()].sort()) {
      const values = this.#values.get(name);
      if (!values) continue;
      if (name === 'set-cookie') for (const value of values) yield [name, value];
      else yield [name, values.join(', ')];
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  forEach(callback: (value: string, name: string, headers: FetchHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }
}

function checkedName(name: string): string {
  if (!TOKEN.test(name)) throw new TypeError(`Headers: ${JSON.stringify(name)} is not a valid header name`);
  return name.toLowerCase();
}

function checkedValue(value: string): string {
  const normalised = String(value).replace(SURROUNDING_WHITESPACE, '');
  if (FORBIDDEN_IN_VALUE.test(normalised)) throw new TypeError(`Headers: the value of a header may not contain NUL, CR or LF`);
  return normalised;
}
