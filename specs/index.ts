// The registry of reference surfaces: name -> title and a loader, so a broken or slow surface
// never costs the others anything.
import type { Implementation, Surface } from '../src/dsl/index.js';

export interface SurfaceModule {
  readonly surface: Surface;
  readonly handlers: Implementation;
}

export interface RegistryEntry {
  readonly title: string;
  load(): Promise<SurfaceModule>;
}

const entry = (title: string, load: () => Promise<unknown>): RegistryEntry => ({ title, load: load as () => Promise<SurfaceModule> });

export const registry: Readonly<Record<string, RegistryEntry>> = {
  S1: entry('Listing of user records', () => import('./S1.js')),
  S2: entry('Position lookup, greeting, and marketing-email generation', () => import('./S2.js')),
  S3: entry('Greeting with a captured name, echo and delete of a greeting, JSON-formatted protocol errors', () => import('./S3.js')),
  S4: entry('Create, read, list, delete of person records in persistent storage', () => import('./S4.js')),
  S5: entry('Factored-path arithmetic and generic collections for users and products', () => import('./S5.js')),
  S6: entry('Endpoints protected by HTTP basic credentials or a JWT', () => import('./S6.js')),
  S7: entry('Paginated colour listing driven by a Range request header', () => import('./S7.js')),
  S8: entry('Content negotiation (JSON or HTML), file content, static files, a stream, optional response headers', () => import('./S8.js')),
  S9: entry('Generated Markdown documentation of S2, served at every path S2 does not handle', () => import('./S9.js')),
  S10: entry('Record creation with a numeric threshold, and a lookup that proxies an external document store', () => import('./S10.js')),
  'S10-store': entry('Test double of the document store S10 looks documents up in', () => import('./S10-store.js')),
};
