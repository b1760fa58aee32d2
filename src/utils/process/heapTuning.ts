/**
 * V8 heap settings for a long agent run, applied as the process starts
 * (cli.ts imports this module first). An agent allocates steadily —
 * tool output read from child processes, a request body per turn — while
 * what it keeps alive stays small (20–30 MB in a run of hundreds of tool
 * calls). With V8's defaults that steady garbage doubles the young
 * generation up to 16 MB per semi-space and lets old space grow to several
 * times the live data between full collections: a 300-call headless run
 * peaked at ~160 MB RSS, of which the heap's committed memory was 60 MB for
 * 25 MB live (bench/core.bench.ts, `heavy`). With these two settings it
 * peaks at ~130 MB for the same work; the extra collections cost no
 * measurable time per turn (`loop` figures).
 *
 * Set at run time because the bin (`#!/usr/bin/env node`) cannot pass node
 * flags: `env -S` is not understood by every `env` (BusyBox), and starting
 * a second node process to pass them costs a whole start-up. Flags that are
 * fixed once the heap exists (--max-semi-space-size, --v8-pool-size) are
 * out of reach for the same reason; these two are read at each decision.
 */
import { setFlagsFromString } from 'node:v8';

/** The young generation stays at its initial size instead of doubling under steady allocation. */
setFlagsFromString('--semi-space-growth-factor=1');
/** Old space may grow 1.3× past what survived the last full collection (V8 picks up to 4× on its own). */
setFlagsFromString('--heap-growing-percent=30');
