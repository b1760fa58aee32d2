#!/usr/bin/env node
/**
 * `npm run deps:check`: the import structure of src/ as executable rules
 * (ARCHITECTURE §2, issue 25). Fails when
 *   - an import runs from a lower layer to a higher one (scripts/layers.mjs),
 *     unless it is a type-only import of the contract;
 *   - an import breaks a FORBIDDEN rule (the engine naming a tool, business
 *     logic importing Ink);
 *   - an import cycle spans more than one folder;
 *   - a file other than a piece of state's owner writes it (OWNED_STATE).
 *
 * `--report` prints the figures the issue asks for (cycles, largest cycle,
 * upward imports, longest file) and exits 0. Imports are read by
 * dependency-cruiser from the TypeScript sources before compilation, so
 * type-only imports count as edges (and are told apart).
 */
import fs from 'node:fs';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { FORBIDDEN, LAYERS, layerOf } from './layers.mjs';

/**
 * State with one owner: only `owner` may contain text matching `writes`.
 * The owner's API is how everyone else asks for a change.
 */
export const OWNED_STATE = [
  {
    state: 'the permission state (toolPermissionContext: mode, rules, working directories, grants)',
    owner: 'src/permissions/permissionState.ts',
    // A write puts a new context under the key (`toolPermissionContext: {...}`, `: next`, `: cond ? a : b`),
    // spreads the old one into a new one (`...state.toolPermissionContext`), or sets the key by shorthand
    // next to a spread state (`{ ...state, toolPermissionContext }`). Reads (`.toolPermissionContext`),
    // declarations (`readonly toolPermissionContext: ...`) and annotations (`: ToolPermissionContext`) are
    // not writes; the initial state is built from the permission setup's context in state/appState.ts
    // (initialAppState), before anyone reads it. test/structure/ownedState.test.ts runs this rule.
    writes: /(?<!readonly\s+)\btoolPermissionContext\s*:(?!\s*[A-Z][\w.]*\s*(?:[;,)=|&>\]]|$))|\.\.\.\s*[\w.()]*\btoolPermissionContext\b|\.\.\.\w+\s*,\s*toolPermissionContext\s*[,}]/,
  },
];

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reportOnly = process.argv.includes('--report');

const result = await cruise(['src'], {
  tsPreCompilationDeps: true,
  tsConfig: { fileName: path.join(root, 'tsconfig.json') },
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '\\.d\\.ts$' },
  baseDir: root,
});
const modules = result.output.modules.filter((module) => module.source.startsWith('src/'));

const edges = [];
for (const module of modules) {
  for (const dependency of module.dependencies) {
    edges.push({
      from: module.source,
      to: dependency.resolved.startsWith('src/') ? dependency.resolved : dependency.module,
      internal: dependency.resolved.startsWith('src/'),
      typeOnly: dependency.dependencyTypes.includes('type-only'),
    });
  }
}

const contractLayer = LAYERS.findIndex((layer) => layer.name === 'contract');
const unplaced = modules.map((module) => module.source).filter((file) => layerOf(file) < 0);
const upward = edges.filter((edge) => edge.internal && layerOf(edge.to) > layerOf(edge.from));
const upwardViolations = upward.filter((edge) => !(edge.typeOnly && layerOf(edge.to) === contractLayer));
const forbidden = edges.flatMap((edge) =>
  FORBIDDEN.filter((rule) => rule.from.test(edge.from) && rule.to.test(edge.to) && !(rule.runtimeOnly && edge.typeOnly)).map((rule) => ({ ...edge, rule })),
);
const cycles = findCycles(modules);
const crossFolderCycles = cycles.filter((cycle) => new Set(cycle.map((file) => path.dirname(file))).size > 1);
const stateWrites = findStateWrites(modules.map((module) => module.source));
const longest = modules
  .map((module) => ({ file: module.source, lines: fs.readFileSync(path.join(root, module.source), 'utf8').split('\n').length - 1 }))
  .sort((a, b) => b.lines - a.lines);

if (reportOnly) {
  printReport();
  process.exit(0);
}

const problems = [
  ...unplaced.map((file) => `${file}: in no layer (add it to scripts/layers.mjs)`),
  ...upwardViolations.map((edge) => `${edge.from} -> ${edge.to}: ${describeLayer(edge.from)} imports ${describeLayer(edge.to)} (upward${edge.typeOnly ? ', type-only' : ''})`),
  ...forbidden.map((edge) => `${edge.from} -> ${edge.to}: ${edge.rule.name} — ${edge.rule.why}`),
  ...crossFolderCycles.map((cycle) => `import cycle across folders (${cycle.length} files): ${cycle.join(' -> ')}`),
  ...stateWrites.map((write) => `${write.file}:${write.line}: writes ${write.state}, owned by ${write.owner}`),
];
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`deps:check: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log(`deps:check: ${modules.length} modules, ${edges.filter((e) => e.internal).length} imports, layering and ownership hold`);

function describeLayer(file) {
  return LAYERS[layerOf(file)]?.name ?? 'no layer';
}

/** Strongly connected components of two or more files (Tarjan), all imports including type-only. */
function findCycles(allModules) {
  const graph = new Map(allModules.map((module) => [module.source, module.dependencies.map((d) => d.resolved).filter((to) => to.startsWith('src/'))]));
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => b.length - a.length);
}

function findStateWrites(files) {
  const writes = [];
  for (const owned of OWNED_STATE) {
    for (const file of files) {
      if (file === owned.owner) continue;
      const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
      lines.forEach((text, at) => {
        if (owned.writes.test(text)) writes.push({ file, line: at + 1, state: owned.state, owner: owned.owner });
      });
    }
  }
  return writes;
}

function printReport() {
  const folders = (cycle) => new Set(cycle.map((file) => path.dirname(file))).size;
  const largest = cycles[0] ?? [];
  console.log(`modules                      ${modules.length}`);
  console.log(`imports (internal)           ${edges.filter((e) => e.internal).length} (${edges.filter((e) => e.internal && e.typeOnly).length} type-only)`);
  console.log(`import cycles                ${cycles.length} (spanning >1 folder: ${crossFolderCycles.length})`);
  console.log(`largest cycle                ${largest.length} files in ${folders(largest)} folders`);
  console.log(`upward imports               ${upward.length} (runtime ${upward.filter((e) => !e.typeOnly).length}, type-only ${upward.filter((e) => e.typeOnly).length}; allowed type-only into contract ${upward.length - upwardViolations.length})`);
  console.log(`forbidden imports            ${forbidden.length}`);
  console.log(`state written outside owner  ${stateWrites.length}`);
  console.log(`longest files                ${longest.slice(0, 5).map((f) => `${f.file} ${f.lines}`).join(', ')}`);
  if (process.argv.includes('--verbose')) {
    for (const edge of upwardViolations) console.log(`  up  ${describeLayer(edge.from)}->${describeLayer(edge.to)} ${edge.typeOnly ? 'type' : 'RUN '} ${edge.from} -> ${edge.to}`);
    for (const edge of forbidden) console.log(`  forbidden ${edge.rule.name} ${edge.from} -> ${edge.to}`);
    for (const cycle of crossFolderCycles) console.log(`  cycle ${cycle.length}: ${[...new Set(cycle.map((file) => path.dirname(file)))].join(' ')}`);
  }
}
