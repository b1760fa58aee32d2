import { describe, expect, it } from 'vitest';
import { BoundedFileSnapshots } from '../../src/state/readFileState.js';

const snapshot = (chars: number) => ({ content: 'x'.repeat(chars), mtimeMs: 1 });

describe('BoundedFileSnapshots', () => {
  it('drops the least recently used snapshot past the entry limit', () => {
    const state = new BoundedFileSnapshots(2, 1_000);
    state.set('/a', snapshot(1));
    state.set('/b', snapshot(1));
    state.get('/a');
    state.set('/c', snapshot(1));
    expect([...state.keys()].sort()).toEqual(['/a', '/c']);
  });

  it('drops old snapshots past the character budget, never the one just set', () => {
    const state = new BoundedFileSnapshots(100, 10);
    state.set('/a', snapshot(6));
    state.set('/b', snapshot(6));
    expect([...state.keys()]).toEqual(['/b']);
    state.set('/huge', snapshot(50));
    expect([...state.keys()]).toEqual(['/huge']);
  });

  it('replacing a snapshot does not count it twice', () => {
    const state = new BoundedFileSnapshots(100, 10);
    state.set('/a', snapshot(6));
    state.set('/a', snapshot(6));
    state.set('/b', snapshot(4));
    expect([...state.keys()].sort()).toEqual(['/a', '/b']);
  });
});
