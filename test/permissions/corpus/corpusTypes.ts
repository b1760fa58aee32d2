// The adversarial corpus: each case is one attack (or one plainly safe
// command that must not prompt), named after the trick it tries.
import type { PermissionMode } from '../../../src/contract/permissions.js';
import type { RuleLists } from '../support/permissionFixture.js';

/**
 * deny: must be denied. ask: must ask. blocked: must not be allowed (deny or
 * ask both stop it). allow: must run without prompting (over-prompting is a
 * failure too).
 */
export type Expectation = 'deny' | 'ask' | 'blocked' | 'allow';

export type CorpusCase = {
  readonly name: string;
  readonly expect: Expectation;
  /** A Bash command; `{root}`, `{home}`, `{outside}` are replaced with fixture paths. */
  readonly command?: string;
  /** A non-Bash tool call. */
  readonly tool?: { readonly toolName: string; readonly path?: string; readonly url?: string; readonly isReadOnly?: boolean };
  readonly mode?: PermissionMode;
  readonly profile?: ProfileName;
};

export type ProfileName = 'strict' | 'network' | 'none' | 'sudoDeny' | 'rmAllowed' | 'lowercase' | 'protectedFile' | 'claudeMdAllowed' | 'broadEdit';

/**
 * strict: a realistic CLAUDE.md — broad allow rules an attacker would try to
 * ride (echo, cat, node, python3, bash, find, xargs…) next to deny rules
 * protecting secrets and forbidding deletion and curl.
 */
export const PROFILES: Readonly<Record<ProfileName, RuleLists>> = {
  strict: {
    allow: [
      'Bash(git status*)', 'Bash(git diff*)', 'Bash(git log*)', 'Bash(git show*)', 'Bash(ls *)', 'Bash(echo *)', 'Bash(cat *)',
      'Bash(npm test)', 'Bash(npm run test:*)', 'Bash(python3 *)', 'Bash(node *)', 'Bash(find *)', 'Bash(xargs *)',
      'Bash(grep *)', 'Bash(timeout *)', 'Bash(env *)', 'Bash(sh *)', 'Bash(bash *)', 'Bash(make *)', 'Bash(cp *)',
      'Bash(tee *)', 'Bash(head *)', 'Bash(git add *)', 'Read(**)', 'Edit(src/**)',
    ],
    ask: ['Bash(git push*)'],
    deny: ['Bash(rm -rf*)', 'Read(.env)', 'Read(secrets/**)', 'Edit(package.json)', 'WebFetch(domain:evil.example)', 'Bash(curl*)'],
  },
  network: {
    allow: ['Bash(curl *)', 'Bash(wget *)', 'Bash(scp *)', 'Bash(rsync *)', 'Bash(nc *)', 'Read(**)'],
    deny: ['Read(.env)', 'WebFetch(domain:evil.example)'],
  },
  none: {},
  sudoDeny: { allow: ['Bash(ls *)'], deny: ['Bash(sudo*)'] },
  rmAllowed: { allow: ['Bash(rm *)'] },
  protectedFile: { allow: ['Bash(rm *)', 'Bash(mv *)', 'Bash(chmod *)'], deny: ['Edit(src/a.ts)'] },
  claudeMdAllowed: { allow: ['Edit(CLAUDE.md)'] },
  broadEdit: { allow: ['Edit(**)'] },
  lowercase: { deny: ['bash(rm -rf*)', 'read(.env)', 'EDIT(package.json)', 'MCP__GitHub', 'webfetch(domain:evil.example)'] },
};
