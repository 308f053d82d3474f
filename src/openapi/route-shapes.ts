// Operations of one document that no request can tell apart (`GET /a/{id}` and `GET /a/{name}`):
// the first is served, each later one is left out with one warning naming both.
import { api } from '../dsl/combinators.js';
import { routeShape } from '../dsl/check-surface.js';
import type { Endpoint, AnyEndpoint } from '../dsl/types.js';
import { walk } from '../dsl/walk.js';
import type { Warnings } from './warnings.js';

/**
 * The routes claimed so far. decided: a document with two operations of one shape is served (the
 * first declared wins), where a surface written by hand is refused at load (a programming error
 * there, a fact of the document here); docs/decisions.md "Two operations of one route".
 */
export class RouteShapes {
  private readonly claimed = new Map<string, string>();

  /** Whether the endpoint's route is free (it is then taken); else a warning at `pointer` says which took it. */
  claim(e: AnyEndpoint, pointer: string, warnings: Warnings): boolean {
    // The segments as the router reads them: walked from a surface of this one endpoint.
    const [info] = walk(api('route', { title: 'route' }, { e }));
    const shape = routeShape(info!);
    const first = this.claimed.get(shape);
    if (first === undefined) {
      this.claimed.set(shape, pointer);
      return true;
    }
    warnings.add(pointer, `${info!.method} ${info!.path} has the same route as ${first}, which no request can tell apart; only that one is served`);
    return false;
  }
}
