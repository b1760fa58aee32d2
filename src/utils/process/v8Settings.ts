/**
 * V8 settings for a long agent run, applied as the process starts (cli.ts
 * imports this module first). Measured on a headless run of 300 Bash calls
 * (bench/core.bench.ts, `heavy`): peak RSS 155–169 MB with V8's defaults,
 * ~93 MB with these three.
 *
 * Heap: an agent allocates steadily — tool output read from child
 * processes, a request body per turn — while what it keeps alive stays
 * small (20–30 MB). With the defaults that garbage doubles the young
 * generation up to 16 MB per semi-space and lets old space grow to several
 * times the live data between full collections (60 MB committed for 25 MB
 * live). The two heap flags keep both near what is live.
 *
 * WebAssembly: the shell analysis parses every command with tree-sitter's
 * bash grammar (wasm). V8 tiers its hottest function — a lexer of a few
 * hundred kB — up to TurboFan, which takes ~35 MB of compiler memory and
 * seconds of a second core, and the code it yields parses these short
 * commands no faster than Liftoff's (500 parses: 9–18 ms with Liftoff
 * only, 33–110 ms otherwise). Liftoff compiles every MVP function on every
 * platform Node supports, and neither tree-sitter's modules nor Ink's yoga
 * use SIMD (checked with wasm-objdump), so nothing is left uncompiled.
 *
 * Set at run time because the bin (`#!/usr/bin/env node`) cannot pass node
 * flags: `env -S` is not understood by every `env` (BusyBox), and starting
 * a second node process to pass them costs a whole start-up. These flags
 * are read when each decision is taken (--max-semi-space-size and
 * --v8-pool-size, fixed once the heap exists, are out of reach).
 */
import { setFlagsFromString } from 'node:v8';

/** The young generation stays at its initial size instead of doubling under steady allocation. */
setFlagsFromString('--semi-space-growth-factor=1');
/** Old space may grow 1.3× past what survived the last full collection (V8 picks up to 4× on its own). */
setFlagsFromString('--heap-growing-percent=30');
/** WebAssembly stays on Liftoff code: no TurboFan tier-up (see above). */
setFlagsFromString('--liftoff-only');
