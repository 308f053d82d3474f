// A document's words about itself as the surface's meta: `info` (title, version, description,
// license, contact, terms of service), `servers`, top-level `tags`, `externalDocs` and `x-` extensions.
import type { ExternalDocs, ServerSpec, SurfaceMeta, TagSpec } from '../dsl/types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The named fields of `o` that hold strings (the document was validated; this only keeps the shape honest). */
function strings<K extends string>(o: Obj, keys: readonly K[]): { [P in K]?: string } {
  const out: { [P in K]?: string } = {};
  for (const k of keys) if (typeof o[k] === 'string') out[k] = o[k];
  return out;
}

const externalDocs = (v: unknown): ExternalDocs | undefined => (isObj(v) && typeof v.url === 'string' ? { url: v.url, ...strings(v, ['description']) } : undefined);

function server(v: unknown): ServerSpec | undefined {
  if (!isObj(v) || typeof v.url !== 'string') return undefined;
  const variables: Record<string, NonNullable<ServerSpec['variables']>[string]> = {};
  for (const [name, x] of Object.entries(isObj(v.variables) ? v.variables : {})) {
    if (!isObj(x) || typeof x.default !== 'string') continue;
    const choices = Array.isArray(x.enum) && x.enum.every((e): e is string => typeof e === 'string') ? { enum: x.enum } : {};
    variables[name] = { default: x.default, ...choices, ...strings(x, ['description']) };
  }
  return { url: v.url, ...strings(v, ['description']), ...(Object.keys(variables).length > 0 ? { variables } : {}) };
}

function tag(v: unknown): TagSpec | undefined {
  if (!isObj(v) || typeof v.name !== 'string') return undefined;
  const docs = externalDocs(v.externalDocs);
  return { name: v.name, ...strings(v, ['description']), ...(docs === undefined ? {} : { externalDocs: docs }) };
}

/** The `x-` keys of an object, or undefined when it has none. */
function extensions(o: Obj): Record<string, unknown> | undefined {
  const found = Object.entries(o).filter(([k]) => k.startsWith('x-'));
  // Object.fromEntries defines own properties, whatever the key.
  return found.length > 0 ? Object.fromEntries(found) : undefined;
}

const present = <T>(v: T[]): T[] | undefined => (v.length > 0 ? v : undefined);

/** The meta of a document's surface; `name` is the title when the document gives none. */
export function documentMeta(doc: Obj, name: string): SurfaceMeta {
  const info = isObj(doc.info) ? doc.info : {};
  const license = isObj(info.license) && typeof info.license.name === 'string' ? { name: info.license.name, ...strings(info.license, ['identifier', 'url']) } : undefined;
  const contact = isObj(info.contact) ? strings(info.contact, ['name', 'url', 'email']) : undefined;
  const servers = Array.isArray(doc.servers) ? present(doc.servers.map(server).filter((s) => s !== undefined)) : undefined;
  const tags = Array.isArray(doc.tags) ? present(doc.tags.map(tag).filter((t) => t !== undefined)) : undefined;
  const docs = externalDocs(doc.externalDocs);
  const top = extensions(doc);
  const inInfo = extensions(info);
  const description = typeof info.description === 'string' && info.description.trim() !== '' ? info.description : undefined;
  return {
    title: typeof info.title === 'string' ? info.title : name,
    ...(typeof info.version === 'string' ? { version: info.version } : {}),
    ...(description === undefined ? {} : { description }),
    ...(license === undefined ? {} : { license }),
    ...(contact === undefined || Object.keys(contact).length === 0 ? {} : { contact }),
    ...(typeof info.termsOfService === 'string' ? { termsOfService: info.termsOfService } : {}),
    ...(servers === undefined ? {} : { servers }),
    ...(tags === undefined ? {} : { tags }),
    ...(docs === undefined ? {} : { externalDocs: docs }),
    ...(top === undefined && inInfo === undefined ? {} : { extensions: { ...(top === undefined ? {} : { document: top }), ...(inInfo === undefined ? {} : { info: inInfo }) } }),
  };
}
