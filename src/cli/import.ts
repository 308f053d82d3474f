// `api-serve import doc.yaml -o api.ts`: an OpenAPI document written as the TypeScript source of a
// surface the user owns (src/openapi/surface-source.ts); the importer's warnings on stderr.
import { existsSync, writeFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { Command } from './commander.js';
import { lenientHelp } from './lenient-option.js';
import { die, parseOrExit } from './exit.js';

const COMMAND = 'api-serve import';

export function program(): Command {
  return new Command('api-serve import')
    .description('Write an OpenAPI 3.0 or 3.1 document, or a Swagger 2.0 one (converted to 3.0), in YAML or JSON, as the TypeScript source of a surface you own: named codecs from components.schemas, an endpoint per operation, handlers answering its first example.')
    .argument('<document>', 'the OpenAPI document (.yaml, .yml or .json)')
    .option('-o, --output <file>', 'write the module here (default: stdout)')
    .option('--force', 'overwrite the output file if it exists')
    .option('--lenient', lenientHelp('written', 'a document'))
    .addHelpText('after', '\nServe the result with `api-serve ./api.ts`; what the source cannot carry is a comment with its JSON pointer.')
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
}

/** `argv` as the process got it, with `import` at argv[2]. */
export async function main(argv: string[]): Promise<void> {
  const cmd = program();
  await parseOrExit(cmd, argv.slice(3), 'user');
  const [file] = cmd.args as [string];
  const { output, force, lenient } = cmd.opts<{ output?: string; force?: boolean; lenient?: boolean }>();
  if (!/\.(ya?ml|json)$/i.test(file)) die(COMMAND, `${file}: not an OpenAPI document (give a .yaml, .yml or .json file)`);
  if (output !== undefined && existsSync(output) && force !== true) die(COMMAND, `${output} exists; give --force to overwrite it`);
  const { loadDocument, importSurface, surfaceSource, documentWarnings, OpenApiLoadError } = await import('../openapi/index.js');
  let source: string;
  try {
    const name = basename(file, extname(file));
    const imported = importSurface(await loadDocument(file, { lenient: lenient === true }), name);
    const said = documentWarnings('api-serve', file, imported.warnings, lenient === true);
    if ('refusal' in said) die(COMMAND, said.refusal);
    source = surfaceSource(imported, { file, command: 'api-serve' });
    for (const line of said.lines) process.stderr.write(`${line}\n`);
  } catch (err) {
    if (err instanceof OpenApiLoadError) die(COMMAND, err.message);
    throw err;
  }
  if (output === undefined) { process.stdout.write(source); return; }
  try {
    writeFileSync(output, source);
  } catch (err) {
    // A folder that does not exist, a directory given as the file, no permission: said, not thrown.
    die(COMMAND, `${output}: cannot write it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  process.stderr.write(`${COMMAND}: wrote ${output}\n`);
}
