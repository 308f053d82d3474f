#!/usr/bin/env node
import { main } from '../dist/src/cli/docs.js';
await main(process.argv);
