// isReadOnlyCommand decides Bash's isReadOnly/isConcurrencySafe: reads may run
// in parallel; anything that writes, runs unknown code, or is not understood may not.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBashParser } from '../../src/permissions/shell/bashParser.js';
import { isReadOnlyCommand } from '../../src/permissions/shell/isReadOnlyCommand.js';

beforeAll(async () => {
  await loadBashParser();
});

describe('isReadOnlyCommand', () => {
  it.each([
    'git status && git diff', 'ls | wc -l', 'cat a b | sort | uniq -c', 'grep -rn x src', 'rg foo', 'find . -name "*.ts"',
    'head -5 f; tail -5 f', 'git log --oneline | head', 'echo $HOME', 'jq .a f.json', "awk '{print $2}' f", "sed -n '2p' f",
    'git branch', 'git show HEAD:README.md', 'ls 2>/dev/null', 'pwd', 'diff a b', 'cd src && ls',
  ])('read-only: %s', (command) => expect(isReadOnlyCommand(command, '/tmp')).toBe(true));

  it.each([
    'echo x > f', 'ls >> log', 'rm f', 'touch f', 'npm test', 'git commit -m x', 'git branch new', 'sort -o out f',
    'find . -delete', 'tee f', "sed -i 's/a/b/' f", "sed 's/a/b/w out' f", "node -e 'x'", '$CMD', 'eval "$X"',
    'sudo ls', 'curl https://x', 'git -c core.pager=x log', 'unknown-tool', 'ls && (', 'xargs rm', 'tree -o out',
    'git diff --output=x', 'cat <(rm x)', 'echo $(rm x)',
  ])('not read-only: %s', (command) => expect(isReadOnlyCommand(command, '/tmp')).toBe(false));
});
