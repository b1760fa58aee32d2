// macOS: the Seatbelt profile a policy becomes, checked as text (this machine runs Linux).
import { describe, expect, it } from 'vitest';
import { buildSandboxPolicy } from '../../src/sandbox/sandboxPolicy.js';
import { seatbeltArgs, seatbeltProfile } from '../../src/sandbox/seatbeltProfile.js';

const session = buildSandboxPolicy({
  workingDirectories: ['/Users/me/repo'],
  writablePaths: ['/Users/me/.npm/_cacache'],
  readOnly: ['/Users/me/repo/.git/hooks', '/Users/me/repo/CLAUDE.md'],
  masked: [{ path: '/Users/me/repo/.env', isDirectory: false }, { path: '/Users/me/repo/secrets', isDirectory: true }],
  network: false,
});
const lines = (profile: string): string[] => profile.trim().split('\n');

describe('seatbeltProfile', () => {
  it('denies by default, reads everywhere, writes only the policy places and the command tmp', () => {
    const profile = seatbeltProfile(session, { tmpDir: '/private/var/folders/x/agentcli-cmd-1' });
    expect(lines(profile).slice(0, 2)).toEqual(['(version 1)', '(deny default)']);
    expect(profile).toContain('(allow file-read*)');
    expect(profile).toContain('(allow file-write* (subpath "/private/var/folders/x/agentcli-cmd-1"))');
    expect(profile).toContain('(allow file-write* (subpath "/Users/me/repo") (subpath "/Users/me/.npm/_cacache"))');
    expect(profile).not.toMatch(/\(allow file-write\*[^\n]*"\/tmp"/);
  });

  it('protected paths are read-only and masks unreadable, after the allows (specific and later both win)', () => {
    const profile = lines(seatbeltProfile(session, { tmpDir: '/t' }));
    const allowRepo = profile.findIndex((line) => line.startsWith('(allow file-write*') && line.includes('"/Users/me/repo"'));
    const readOnly = profile.indexOf('(deny file-write* (subpath "/Users/me/repo/CLAUDE.md") (subpath "/Users/me/repo/.git/hooks"))');
    const masks = profile.indexOf('(deny file-read* file-write* (subpath "/Users/me/repo/secrets") (literal "/Users/me/repo/.env"))');
    expect(allowRepo).toBeGreaterThan(0);
    expect(readOnly).toBeGreaterThan(allowRepo);
    expect(masks).toBeGreaterThan(readOnly);
  });

  it('a read-only claim writes nothing but the device files and its tmp', () => {
    const readOnly = buildSandboxPolicy({ workingDirectories: [], writablePaths: [], readOnly: [], masked: [], network: false });
    const writes = lines(seatbeltProfile(readOnly, { tmpDir: '/t' })).filter((line) => line.startsWith('(allow file-write*'));
    expect(writes).toEqual(['(allow file-write* (literal "/dev/null") (literal "/dev/tty") (literal "/dev/zero") (subpath "/dev/fd"))', '(allow file-write* (subpath "/t"))']);
  });

  it('network: none, everything, or only the filtering proxy on loopback', () => {
    expect(seatbeltProfile(session, { tmpDir: '/t' })).not.toMatch(/\(allow network\*\)|remote ip/);
    expect(seatbeltProfile({ ...session, network: true }, { tmpDir: '/t' })).toContain('(allow network*)');
    expect(seatbeltProfile({ ...session, network: true }, { tmpDir: '/t', proxyPort: 41234 })).toContain('(allow network-outbound (remote ip "localhost:41234"))');
  });

  it('path_with_quote_cannot_end_the_string_and_add_rules', () => {
    const evil = buildSandboxPolicy({ workingDirectories: ['/w/a") (allow file-write* (subpath "/'], writablePaths: [], readOnly: [], masked: [], network: false });
    const profile = seatbeltProfile(evil, { tmpDir: '/t' });
    const writeLine = profile.split('\n').find((line) => line.includes('/w/a'))!;
    // One string from the opening quote to the closing one: every quote inside is escaped.
    expect(writeLine).toBe('(allow file-write* (subpath "/w/a\\") (allow file-write* (subpath \\""))');
    expect(profile).not.toContain('(subpath "/")');
  });

  it('runs the shell through sandbox-exec -p', () => {
    expect(seatbeltArgs('(version 1)', ['/bin/bash', '-c', 'x'])).toEqual(['-p', '(version 1)', '/bin/bash', '-c', 'x']);
  });
});
