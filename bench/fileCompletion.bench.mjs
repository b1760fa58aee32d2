// `@` completion on a 100,000-file tree (bench/searchTree.mjs, shared with the search bench):
// the first completion (ripgrep lists the files, fzf indexes them) and the ones after it (the
// listing is reused), as the user types a word letter by letter — with 200 files the session's
// tools touched, as a working session has (they are ranked first among good matches; every
// candidate's mtime is looked at, so this row includes that cost).
//
//   node bench/fileCompletion.bench.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBench } from './benchBundle.mjs';
import { ensureSearchTree, TREE_FILE_COUNT } from './searchTree.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tmp = path.join(root, '.bench-tmp');
const tree = ensureSearchTree(path.join(tmp, 'search-tree'));
const outfile = path.join(tmp, 'fileCompletion.mjs');
await bundleForBench({ entryPoints: [path.join(root, 'src/ui/input/fileCompletion.ts')], outfile });
const { completeFilePath } = await import(outfile);

function row(name, value, unit, target) {
  console.log(JSON.stringify({ name, value, unit, target }));
}

// Files a working session has read or edited: 200 of the tree's, spread across its folders.
const touched = Array.from({ length: 200 }, (_, index) => path.join(tree, `pkg${index % 8}`, `mod${index % 10}`, `part${(index * 3) % 10}`, `file${index % 100}.${['ts', 'js', 'md', 'json', 'py'][index % 5]}`));
const hints = { touched };

let started = performance.now();
const first = await completeFilePath(tree, 'f', hints);
const coldMs = performance.now() - started;
const times = [];
for (const word of ['file12', 'mod3part', 'pkg4file9', 'part7file', 'renderts']) {
  for (let length = 1; length <= word.length; length++) {
    started = performance.now();
    await completeFilePath(tree, word.slice(0, length), hints);
    times.push(performance.now() - started);
  }
}
times.sort((a, b) => a - b);
row(`@ completion, first keystroke (${TREE_FILE_COUNT.toLocaleString('en')}-file tree: list + index)`, coldMs.toFixed(0), 'ms', `${first.length} suggestions`);
row('@ completion per keystroke after that, p50 / max', `${times[Math.floor(times.length / 2)].toFixed(1)} / ${times.at(-1).toFixed(1)}`, 'ms', '< 50 ms (input echo budget)');
