#!/usr/bin/env node
import { main } from '../dist/src/cli/check.js';
await main(process.argv);
