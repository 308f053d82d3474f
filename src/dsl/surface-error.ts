// The load-time error for a surface that cannot be served as written.

/** Raised when a surface loads: names the surface, the endpoint and the problem. */
export class SurfaceError extends Error {
  constructor(readonly surface: string, readonly endpoint: string, readonly problem: string) {
    super(`${surface}: ${endpoint}: ${problem}`);
    this.name = 'SurfaceError';
  }
}
