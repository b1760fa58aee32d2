// FetchHeaders stands in for the global Headers inside the Anthropic SDK's
// modules (scripts/build.mjs). Node's own Headers is the reference: every
// case runs on both and must give the same observable result.
import { describe, expect, it } from 'vitest';
import { FetchHeaders } from '../../src/services/api/fetchHeaders.js';

type HeadersLike = {
  append(name: string, value: string): void;
  set(name: string, value: string): void;
  delete(name: string): void;
  has(name: string): boolean;
  get(name: string): string | null;
  getSetCookie(): string[];
  entries(): IterableIterator<[string, string]>;
};

const implementations: Array<[string, (init?: unknown) => HeadersLike]> = [
  ['FetchHeaders', (init) => new FetchHeaders(init as never)],
  ["Node's Headers", (init) => new Headers(init as never)],
];

function observe(make: (init?: unknown) => HeadersLike, steps: (headers: HeadersLike) => unknown, init?: unknown): unknown {
  try {
    const headers = make(init);
    const returned = steps(headers);
    return { returned, entries: [...headers.entries()], setCookie: headers.getSetCookie() };
  } catch (error) {
    return { threw: (error as Error).name };
  }
}

const cases: Array<{ name: string; init?: unknown; steps: (headers: HeadersLike) => unknown }> = [
  { name: 'names are case-insensitive and lower-cased', steps: (h) => (h.set('X-Api-Key', 'k'), [h.get('x-api-key'), h.has('X-API-KEY')]) },
  { name: 'a repeated name is combined with ", "', steps: (h) => (h.append('Accept', 'a'), h.append('accept', 'b'), h.get('ACCEPT')) },
  { name: 'set replaces every earlier value', steps: (h) => (h.append('a', '1'), h.append('a', '2'), h.set('A', '3'), h.get('a')) },
  { name: 'delete removes the name whatever its case', steps: (h) => (h.set('Retry-After', '1'), h.delete('retry-after'), [h.has('Retry-After'), h.get('retry-after')]) },
  { name: 'iteration is sorted by name', steps: (h) => (h.set('zeta', '1'), h.set('Alpha', '2'), h.set('mid', '3')) },
  { name: 'set-cookie values stay apart in iteration and getSetCookie', steps: (h) => (h.append('Set-Cookie', 'a=1'), h.append('set-cookie', 'b=2'), h.get('set-cookie')) },
  { name: 'values are trimmed of surrounding HTTP whitespace', steps: (h) => (h.set('x', ' \t padded \n'), h.get('x')) },
  { name: 'a value with CR LF (header injection) is refused', steps: (h) => h.set('x', 'a\r\nx-injected: 1') },
  { name: 'a value with NUL is refused', steps: (h) => h.append('x', 'a\0b') },
  { name: 'a name with a space is refused', steps: (h) => h.set('bad name', 'v') },
  { name: 'a name with a colon is refused', steps: (h) => h.get('x:y') },
  { name: 'an empty name is refused', steps: (h) => h.set('', 'v') },
  { name: 'a missing name reads as null', steps: (h) => h.get('absent') },
  { name: 'init from a record', init: { 'Content-Type': 'application/json', 'X-Stainless-Retry-Count': '0' }, steps: () => undefined },
  { name: 'init from pairs keeps repeats', init: [['a', '1'], ['A', '2'], ['b', '3']], steps: () => undefined },
  { name: 'init from a pair without a value is refused', init: [['a']], steps: () => undefined },
  { name: 'init from a pair with three members is refused', init: [['a', '1', '2']], steps: () => undefined },
  { name: "init from Node's Headers", init: new Headers([['b', '2'], ['a', '1'], ['set-cookie', 'c=1'], ['set-cookie', 'd=2']]), steps: () => undefined },
  { name: 'init from a FetchHeaders', init: new FetchHeaders({ b: '2', a: '1' }), steps: () => undefined },
  { name: 'init with an invalid name in a record is refused', init: { 'bad name': 'v' }, steps: () => undefined },
];

describe('FetchHeaders behaves as the fetch standard (and Node) say', () => {
  for (const testCase of cases) {
    it(testCase.name, () => {
      const [ours, node] = implementations.map(([, make]) => observe(make, testCase.steps, testCase.init));
      expect(ours).toEqual(node);
    });
  }

  it('is iterable, with keys, values and forEach in the same order as entries', () => {
    const headers = new FetchHeaders({ b: '2', a: '1' });
    expect([...headers]).toEqual([['a', '1'], ['b', '2']]);
    expect([...headers.keys()]).toEqual(['a', 'b']);
    expect([...headers.values()]).toEqual(['1', '2']);
    const seen: string[] = [];
    headers.forEach((value, name, self) => seen.push(`${name}=${value}:${self === headers}`));
    expect(seen).toEqual(['a=1:true', 'b=2:true']);
    expect(Object.prototype.toString.call(headers)).toBe('[object Headers]');
  });
});
