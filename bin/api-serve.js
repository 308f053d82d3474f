#!/usr/bin/env node
import { main } from '../dist/src/cli/serve.js';
await main(process.argv);
