// What one client call came to: an answer it returned, or an error it threw (by the error's name).
export type Outcome =
  | { readonly kind: 'returned'; readonly status: number; readonly body: unknown; readonly error?: unknown; /** api-serve's typed answer of a declared response. */ readonly answer?: true }
  | { readonly kind: 'threw'; readonly name: string; readonly message: string; readonly status?: number };
