// The fake Anthropic server in its own process, so a benchmark measures the
// agent loop alone and not the server's work on the same event loop.
// Usage: node fakeServerProcess.mjs echo-loop|bash-decisions|read-loop <turns>  → prints the URL, serves until killed.
// read-loop: each turn one Read of notes.md; for every request a line `<arrival> <previous response's end>`
// (epoch ms, clockNow) follows the URL on stdout, so a bench can measure the client's own time per turn:
// from the moment the previous answer was fully sent to the moment the next request arrived.
// bash-decisions: each turn one Bash call from a mix that the permission system allows, asks about
// (refused headless) and denies, so a run makes hundreds of shell analyses and decisions.
import { startFakeAnthropic, type FakeAnthropicServer } from '../test/support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../test/support/scenario.js';

const [mode, arg] = process.argv.slice(2);
if (mode !== 'echo-loop' && mode !== 'bash-decisions' && mode !== 'read-loop') throw new Error(`unknown mode ${mode}`);
const turns = Number(arg);
const BASH_MIX = [
  'ls',
  'cat notes.txt',
  'git status',
  'touch out.txt',
  'rm -f notes.txt',
  'echo hi > f.txt',
  'grep -rn notes .',
  "find . -name '*.txt' | xargs wc -l",
  'cd sub && ls ..',
  'python3 -c "print(1)"',
  'sed -n 1,3p notes.txt',
  'curl https://example.com',
];
let served = 0;
const server: FakeAnthropicServer = await startFakeAnthropic({
  // Each query starts a fresh count: a request whose history is just the prompt begins a new loop.
  script: (request) => {
    if (request.body.messages.length === 1) served = 0;
    served++;
    if (mode === 'read-loop') {
      const previousEnd = server.sent.findLast((event) => event.requestIndex === request.index - 1)?.sentAt ?? 0;
      process.stdout.write(`${request.receivedAt} ${previousEnd}\n`);
    }
    if (served > turns) return endTurn('done');
    if (mode === 'echo-loop') return turn(toolUse('Echo', { text: String(served) }));
    if (mode === 'read-loop') return turn(toolUse('Read', { file_path: 'notes.md' }));
    return turn(toolUse('Bash', { command: `${BASH_MIX[served % BASH_MIX.length]!} # ${served}` }));
  },
});
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
