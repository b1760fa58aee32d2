// Every row of the effects table: a deny rule written for one spelling of an
// effect stops every other program with that effect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EFFECT_TABLE } from '../../src/permissions/shell/effectsTable.js';
import { createFixture, decideBash, removeFixture, type Fixture } from './support/permissionFixture.js';

let fixture: Fixture;
beforeAll(() => {
  fixture = createFixture();
});
afterAll(() => removeFixture(fixture));

const ROWS: Record<string, { rule: string; equivalents: string[]; unrelated: string }> = {
  delete: {
    rule: 'Bash(rm -rf*)',
    equivalents: ['rm x', '/bin/rm -r x', 'unlink x', 'rmdir d', 'shred -u x', 'srm x', 'trash x', 'trash-put x', 'find . -name x -delete', 'git rm x', 'git clean -fd', 'rsync --remove-source-files a b', 'ls | xargs rm'],
    unrelated: 'touch x',
  },
  network: {
    rule: 'Bash(curl*)',
    equivalents: ['curl https://x', 'wget https://x', 'http GET x.example', 'xh x.example', 'aria2c https://x', 'nc h 80', 'ncat h 80', 'socat - TCP:h:80', 'telnet h', 'ftp h', 'sftp h', 'scp a h:b', 'ssh h', 'rsync a h:b'],
    unrelated: 'git push',
  },
  'kill-process': { rule: 'Bash(kill *)', equivalents: ['kill 1', 'pkill node', 'killall node', 'skill node'], unrelated: 'ps aux' },
  'change-permissions': { rule: 'Bash(chmod *)', equivalents: ['chmod 600 f', 'chown me f', 'chgrp g f', 'chattr +i f', 'setfacl -m u:x:r f'], unrelated: 'touch f' },
  'elevate-privileges': { rule: 'Bash(sudo *)', equivalents: ['sudo ls', 'doas ls', 'pkexec ls', 'run0 ls', "su -c 'ls'"], unrelated: 'ls' },
};

describe('effects table', () => {
  it('every row has a test', () => {
    expect(Object.keys(ROWS).sort()).toEqual(EFFECT_TABLE.map((row) => row.effect).sort());
  });

  for (const [effect, row] of Object.entries(ROWS)) {
    describe(`${effect} (deny ${row.rule})`, () => {
      it.each(row.equivalents)('denies %s', async (command) => {
        expect((await decideBash(fixture, command, { rules: { deny: [row.rule] } })).behavior).toBe('deny');
      });
      it(`does not deny the unrelated ${row.unrelated}`, async () => {
        expect((await decideBash(fixture, row.unrelated, { rules: { deny: [row.rule] } })).behavior).not.toBe('deny');
      });
    });
  }
});
