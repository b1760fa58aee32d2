// The fake Anthropic server in its own process, so a benchmark measures the
// agent loop alone and not the server's work on the same event loop.
// Usage: node fakeServerProcess.mjs echo-loop <turns>  → prints the URL, serves until killed.
import { startFakeAnthropic } from '../test/support/fakeAnthropic.js';
import { endTurn, toolUse, turn } from '../test/support/scenario.js';

const [mode, arg] = process.argv.slice(2);
if (mode !== 'echo-loop') throw new Error(`unknown mode ${mode}`);
const turns = Number(arg);
let served = 0;
const server = await startFakeAnthropic({
  // Each query starts a fresh count: a request whose history is just the prompt begins a new loop.
  script: (request) => {
    if (request.body.messages.length === 1) served = 0;
    served++;
    return served <= turns ? turn(toolUse('Echo', { text: String(served) })) : endTurn('done');
  },
});
process.stdout.write(`${server.url}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
