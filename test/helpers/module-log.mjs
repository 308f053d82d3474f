// `node --import` this file: every module the ESM loader loads is appended to $MODULE_LOG, one URL
// a line. It registers itself as the loader hook, so one file serves both threads.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) register(import.meta.url);

export async function load(url, context, next) {
  const loaded = await next(url, context);
  if (process.env.MODULE_LOG) appendFileSync(process.env.MODULE_LOG, `${url}\n`);
  return loaded;
}
