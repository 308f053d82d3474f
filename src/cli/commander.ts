// commander, the one door every command's flag parser comes through.
// decided: loaded with require() (docs/benchmark.md "Start-up"): commander is CommonJS, and
// importing it as ESM sends its source through Node's CommonJS-to-ESM translation first,
// several ms of every command's start on this machine.
import { createRequire } from 'node:module';
import type * as commander from 'commander';

const loaded = createRequire(import.meta.url)('commander') as typeof commander;

export const { Command, Option, InvalidArgumentError, CommanderError } = loaded;
export type Command = commander.Command;
export type Option = commander.Option;
export type InvalidArgumentError = commander.InvalidArgumentError;
export type CommanderError = commander.CommanderError;
