// An allow rule for a git subcommand never covers git run with configuration from the command line:
// `git -c core.fsmonitor=<program> push` runs that program, whatever the subcommand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, decideBash, removeFixture, type Fixture } from './support/permissionFixture.js';

let fixture: Fixture;
beforeAll(() => {
  fixture = createFixture();
});
afterAll(() => removeFixture(fixture));

describe('git -c is never covered by a rule that names the subcommand', () => {
  it.each([
    ["git -c core.fsmonitor='touch pwned' push", ['Bash(git push)']],
    ["git -c core.fsmonitor='touch pwned' push", ['Bash(git push:*)']],
    ["git -c alias.push='!touch pwned' push", ['Bash(git push:*)']],
    ["git --config-env=core.pager=EVIL push", ['Bash(git push:*)']],
  ])('%s with %j is not auto-allowed', async (command, allow) => {
    expect((await decideBash(fixture, command, { rules: { allow } })).behavior).not.toBe('allow');
  });
});
