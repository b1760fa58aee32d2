// Generates the search benchmark's tree: 100,000 files of small source-like
// text under .bench-tmp/search-tree, with a .gitignore'd build/ folder and a
// node_modules/ folder, as a real repository has. Reused when already there.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const TREE_FILE_COUNT = 100_000;

export function ensureSearchTree(root) {
  const marker = path.join(root, '.tree-complete');
  if (existsSync(marker)) return root;
  const words = ['alpha', 'beta', 'gamma', 'delta', 'render', 'parse', 'token', 'buffer', 'stream', 'cursor'];
  const extensions = ['ts', 'js', 'md', 'json', 'py'];
  let written = 0;
  // 10 top folders x 10 x 10 = 1,000 leaf folders of 100 files each.
  for (let a = 0; a < 10 && written < TREE_FILE_COUNT; a++) {
    const top = a === 8 ? 'build' : a === 9 ? 'node_modules' : `pkg${a}`;
    for (let b = 0; b < 10; b++) {
      for (let c = 0; c < 10; c++) {
        const dir = path.join(root, top, `mod${b}`, `part${c}`);
        mkdirSync(dir, { recursive: true });
        for (let f = 0; f < 100; f++) {
          const n = written++;
          const lines = [];
          for (let l = 0; l < 12; l++) lines.push(`const ${words[(n + l) % 10]}${l} = ${words[(n * 7 + l) % 10]}(${n}, ${l});`);
          // One file in 50 holds the needle the benchmark searches for.
          if (n % 50 === 0) lines.push(`// NEEDLE_MARKER found in file ${n}`);
          writeFileSync(path.join(dir, `file${f}.${extensions[n % extensions.length]}`), `${lines.join('\n')}\n`);
        }
      }
    }
  }
  writeFileSync(path.join(root, '.gitignore'), 'build/\nnode_modules/\n');
  mkdirSync(path.join(root, '.git'), { recursive: true });
  writeFileSync(path.join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(marker, '');
  return root;
}
