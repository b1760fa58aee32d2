// Business logic never imports the terminal UI: only src/ui/** and src/tools/*/UI.tsx may import
// ink or react. Enforced by scanning every source file, so a stray import fails the suite.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const UI_PACKAGES = /^(ink|react|ink-[\w-]+|react-dom|react-reconciler)(\/.*)?$/;
const IMPORT_SPECIFIERS = [
  /\bimport\s+(?:type\s+)?(?:[\w*{}\s,]+\s+from\s+)?['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?[\w*{}\s,]+\s+from\s+['"]([^'"]+)['"]/g,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
];

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [full] : [];
    }),
  );
  return files.flat();
}

function mayUseUi(relative: string): boolean {
  // contract/toolRenderers.ts is the renderers' type (it was ui/toolRenderers.ts before the contract moved down):
  // it names ReactNode, type-only, as the render functions' return type.
  return relative.startsWith(`ui${path.sep}`) || /^tools[\\/][^\\/]+[\\/]UI\.tsx$/.test(relative) || relative === path.join('contract', 'toolRenderers.ts');
}

function uiImportsOf(text: string): string[] {
  const found: string[] = [];
  for (const pattern of IMPORT_SPECIFIERS) {
    for (const match of text.matchAll(pattern)) {
      if (UI_PACKAGES.test(match[1]!)) found.push(match[1]!);
    }
  }
  return found;
}

describe('layer boundary', () => {
  it('the scanner recognises every way of importing a UI package', () => {
    expect(uiImportsOf(`import { Box } from 'ink';`)).toEqual(['ink']);
    expect(uiImportsOf(`import type { ReactNode } from 'react';`)).toEqual(['react']);
    expect(uiImportsOf(`import React from "react";\nimport 'ink-testing-library';`)).toEqual(['react', 'ink-testing-library']);
    expect(uiImportsOf(`const ink = await import('ink');`)).toEqual(['ink']);
    expect(uiImportsOf(`export { Text } from 'ink';`)).toEqual(['ink']);
    expect(uiImportsOf(`import { jsx } from 'react/jsx-runtime';`)).toEqual(['react/jsx-runtime']);
    expect(uiImportsOf(`import { x } from './inkish.js'; import y from 'inkwell';`)).toEqual([]);
  });

  it('nothing outside src/ui/ and src/tools/*/UI.tsx imports ink or react, or is a .tsx file', async () => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(srcRoot)) {
      const relative = path.relative(srcRoot, file);
      if (mayUseUi(relative)) continue;
      // JSX compiles to react/jsx-runtime imports, so a .tsx file is UI by definition.
      if (file.endsWith('.tsx')) offenders.push(`${relative}: a .tsx file outside the UI layer`);
      for (const specifier of uiImportsOf(await readFile(file, 'utf8'))) offenders.push(`${relative} imports ${specifier}`);
    }
    expect(offenders).toEqual([]);
  });
});
