#!/usr/bin/env node
// Kept tiny on purpose: every byte parsed before the first API request counts (ARCHITECTURE §8).
import '../dist/cli.js';
