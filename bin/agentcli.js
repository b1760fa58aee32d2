#!/usr/bin/env node
// Kept tiny on purpose: every byte parsed before the first API request counts (ARCHITECTURE §8).
import module from 'node:module';

// Node 22.1+ keeps compiled bytecode between runs; on older Node this is a no-op.
module.enableCompileCache?.();
await import('../dist/cli.js');
