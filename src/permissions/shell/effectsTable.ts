/**
 * The one table of effect equivalents. Deny and ask rules protect an
 * effect, not a spelling: `deny: Bash(rm -rf*)` exists to stop deletion, so
 * it also stops `unlink`, `shred`, `find -delete`, `git clean`… A rule
 * whose command is listed here under `ruleSpellings` covers every command
 * the classifier tags with that effect.
 *
 * | effect             | performed by (classifier tags)                                              |
 * |--------------------|-----------------------------------------------------------------------------|
 * | delete             | rm, unlink, rmdir, shred, srm, trash, trash-put, gio trash, find -delete,  |
 * |                    | git rm, git clean, rsync --remove-source-files / --delete*                  |
 * | network            | curl, wget, http/https (httpie), xh, aria2c, nc/ncat/netcat, socat, telnet, |
 * |                    | ftp, sftp, scp, ssh, rsync to host:path (clients that reach any host;       |
 * |                    | git push/fetch to configured remotes are not included)                      |
 * | kill-process       | kill, pkill, killall, skill, xkill                                          |
 * | change-permissions | chmod, chown, chgrp, chattr, setfacl                                        |
 * | elevate-privileges | sudo, doas, su, pkexec, run0 (as wrappers or alone)                         |
 *
 * Reading a denied file by another route (cp, ln, tar, base64, git show
 * HEAD:path, curl -d @file, `< file`) is handled by path rules, not here:
 * every such route reports the file as read.
 */
import type { EffectClass } from './commandEffects.js';

export type EffectRow = {
  readonly effect: EffectClass;
  readonly description: string;
  /** A rule pattern starting like this designates the effect. */
  readonly ruleSpellings: readonly RegExp[];
};

export const EFFECT_TABLE: readonly EffectRow[] = [
  {
    effect: 'delete',
    description: 'deleting files',
    ruleSpellings: [
      /^(rm|unlink|rmdir|shred|srm|trash|trash-put)(\s|:|\*|$)/,
      /^gio\s+trash\b/,
      /^git\s+(rm|clean)(\s|:|\*|$)/,
      /^find\b.*\s-delete\b/,
      /^rsync\b.*--(remove-source-files|delete)/,
    ],
  },
  {
    effect: 'network',
    description: 'network access',
    ruleSpellings: [/^(curl|wget|http|https|xh|aria2c|nc|ncat|netcat|socat|telnet|ftp|sftp|scp)(\s|:|\*|$)/],
  },
  { effect: 'kill-process', description: 'killing processes', ruleSpellings: [/^(kill|pkill|killall|skill|xkill)(\s|:|\*|$)/] },
  { effect: 'change-permissions', description: 'changing file permissions or owners', ruleSpellings: [/^(chmod|chown|chgrp|chattr|setfacl)(\s|:|\*|$)/] },
  { effect: 'elevate-privileges', description: 'running with elevated privileges', ruleSpellings: [/^(sudo|doas|su|pkexec|run0)(\s|:|\*|$)/] },
];

/** Programs tagged with an effect by name alone (others need their arguments: find -delete, git clean). */
export const EFFECT_BY_PROGRAM: Readonly<Record<string, EffectClass>> = {
  rm: 'delete', unlink: 'delete', rmdir: 'delete', shred: 'delete', srm: 'delete', trash: 'delete', 'trash-put': 'delete',
  curl: 'network', wget: 'network', http: 'network', https: 'network', xh: 'network', aria2c: 'network', nc: 'network',
  ncat: 'network', netcat: 'network', socat: 'network', telnet: 'network', ftp: 'network', sftp: 'network', scp: 'network', ssh: 'network',
  kill: 'kill-process', pkill: 'kill-process', killall: 'kill-process', skill: 'kill-process', xkill: 'kill-process',
  chmod: 'change-permissions', chown: 'change-permissions', chgrp: 'change-permissions', chattr: 'change-permissions', setfacl: 'change-permissions',
  sudo: 'elevate-privileges', doas: 'elevate-privileges', su: 'elevate-privileges', pkexec: 'elevate-privileges', run0: 'elevate-privileges',
};

/** The effect a Bash rule pattern designates, if its command is one of the table's spellings. */
export function effectOfRulePattern(pattern: string): EffectClass | undefined {
  const trimmed = pattern.trim().replace(/^\S*\//, '');
  return EFFECT_TABLE.find((row) => row.ruleSpellings.some((spelling) => spelling.test(trimmed)))?.effect;
}
