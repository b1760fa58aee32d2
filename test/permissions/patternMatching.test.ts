// Pattern semantics, one table per specifier kind, each with what must and
// must not match (the not-match column is where widening bugs hide).
import { describe, expect, it } from 'vitest';
import { compileBashPattern, normaliseCommandWords } from '../../src/permissions/rules/bashPattern.js';
import { compilePathPattern } from '../../src/permissions/rules/pathPattern.js';
import { compileDomainPattern } from '../../src/permissions/rules/domainPattern.js';

describe('Bash patterns', () => {
  it.each([
    ['ls *', ['ls', 'ls -la', 'ls a b'], ['lsof', 'ls', 'xls -la'].slice(0, 1).concat(['lsof -i', 'xls'])],
    ['git commit*', ['git commit', 'git commit -m x', 'git commitfoo'], ['git status', 'xgit commit']],
    ['npm run test:*', ['npm run test', 'npm run test -- --watch'], ['npm run testx', 'npm run test:unit', 'npm run']],
    ['npm test', ['npm test'], ['npm test --x', 'npm testx', 'npm tes']],
    ['git * main', ['git push origin main', 'git merge main'], ['git push origin mainx']],
    ['*', ['anything at all'], []],
  ])('%s', (specifier, matches, nonMatches) => {
    const pattern = compileBashPattern(specifier);
    for (const command of matches) expect(pattern.matches(command), command).toBe(true);
    for (const command of nonMatches) expect(pattern.matches(command), command).toBe(false);
  });

  it.each([
    [['rm', '-r', '-f', 'x'], 'rm -fr x'],
    [['rm', '--recursive', '--force', 'x'], 'rm -fr x'],
    [['rm', 'x', '-Rf'], 'rm -fr x'],
    [['git', 'push', '--force', 'origin'], 'git push -f origin'],
  ])('normalises %j', (words, expected) => expect(normaliseCommandWords(words).join(' ')).toBe(expected));

  it('normalised patterns meet normalised commands', () => {
    expect(compileBashPattern('rm -rf*').matchesNormalised('rm -fr x')).toBe(true);
    expect(compileBashPattern('git push --force*').matchesNormalised(normaliseCommandWords(['git', 'push', 'origin', '-f']).join(' '))).toBe(true);
  });

  it.each([
    ['rm -rf*', 'delete'],
    ['unlink *', 'delete'],
    ['git clean:*', 'delete'],
    ['find * -delete', 'delete'],
    ['curl*', 'network'],
    ['sudo *', 'elevate-privileges'],
    ['kill *', 'kill-process'],
    ['chmod *', 'change-permissions'],
    ['git status', undefined],
    ['rmx', undefined],
  ])('%s designates the effect %s', (specifier, effect) => expect(compileBashPattern(specifier).effect).toBe(effect));
});

describe('path patterns (gitignore semantics)', () => {
  const options = { root: '/repo', home: '/home/u' };
  it.each([
    ['.env', ['/repo/.env', '/repo/sub/.env', '/repo/.env/inner'], ['/repo/.envx', '/other/.env', '/repo/x.env']],
    ['./.env', ['/repo/.env'], ['/repo/sub/.env']],
    ['/.env', ['/repo/.env'], ['/repo/sub/.env']],
    ['src/**/*.ts', ['/repo/src/a.ts', '/repo/src/x/y/b.ts'], ['/repo/src/a.js', '/repo/lib/src/a.ts']],
    ['src/*.ts', ['/repo/src/a.ts'], ['/repo/src/x/a.ts']],
    ['secrets', ['/repo/secrets', '/repo/secrets/key.pem', '/repo/a/secrets/k'], ['/repo/secretsx']],
    ['secrets/', ['/repo/secrets/key.pem'], ['/repo/secretsx/k']],
    ['**', ['/repo/a', '/repo/a/b/c'], ['/elsewhere/a']],
    ['~/.ssh/**', ['/home/u/.ssh/id_rsa'], ['/repo/.ssh/id_rsa']],
    ['//etc/passwd', ['/etc/passwd'], ['/repo/etc/passwd']],
    ['*.pem', ['/repo/key.pem', '/repo/a/b.pem'], ['/repo/key.pem.bak']],
    ['[ab].txt', ['/repo/a.txt'], ['/repo/c.txt']],
    ['\\[id\\].ts', ['/repo/[id].ts'], ['/repo/i.ts']],
    ['../lib/**', ['/lib/x'], ['/repo/lib/x']],
  ])('%s', (specifier, matches, nonMatches) => {
    const pattern = compilePathPattern(specifier, options);
    for (const p of matches) expect(pattern.matches(p), p).toBe(true);
    for (const p of nonMatches) expect(pattern.matches(p), p).toBe(false);
  });

  it('matches case-insensitively only when asked (deny rules)', () => {
    const pattern = compilePathPattern('.env', options);
    expect(pattern.matches('/repo/.ENV')).toBe(false);
    expect(pattern.matches('/repo/.ENV', { caseInsensitive: true })).toBe(true);
  });

  it.each([
    ['.env', '/repo', true],
    ['.env', '/repo/src', true],
    ['secrets/**', '/repo', true],
    ['secrets/**', '/repo/src', false],
    ['./config/prod.json', '/repo/config', true],
    ['./config/prod.json', '/repo/other', false],
    ['//etc/passwd', '/', true],
  ])('%s may match below %s: %s', (specifier, dir, expected) => {
    expect(compilePathPattern(specifier, options).mayMatchBelow(dir)).toBe(expected);
  });
});

describe('domain patterns', () => {
  it.each([
    ['domain:example.com', 'example.com', false, true],
    ['domain:example.com', 'api.example.com', false, false],
    ['domain:example.com', 'api.example.com', true, true],
    ['domain:example.com', 'EXAMPLE.com', false, true],
    ['domain:example.com', 'example.com.evil.net', true, false],
    ['domain:*.example.com', 'api.example.com', false, true],
    ['domain:*.example.com', 'example.com', false, false],
  ])('%s vs %s (subdomains %s)', (specifier, host, includeSubdomains, expected) => {
    expect(compileDomainPattern(specifier).matchesHost(host, { includeSubdomains })).toBe(expected);
  });
});
