// `node --import` this file: every module loaded is appended to $MODULE_LOG, one URL a line: the
// ESM loader's through its hook (it registers itself, so one file serves both threads), and the
// CommonJS ones (commander and negotiator come in through require()) by wrapping Module._load.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

const note = (url) => { if (process.env.MODULE_LOG) appendFileSync(process.env.MODULE_LOG, `${url}\n`); };

if (isMainThread) {
  register(import.meta.url);
  const load = Module._load;
  Module._load = function logged(request, parent, isMain) {
    const exported = load.call(this, request, parent, isMain);
    if (!Module.isBuiltin(request)) note(pathToFileURL(Module._resolveFilename(request, parent, isMain)).href);
    return exported;
  };
}

export async function load(url, context, next) {
  const loaded = await next(url, context);
  note(url);
  return loaded;
}
