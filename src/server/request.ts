// The small request record the pipeline works on, independent of the transport.
import type { BodyRead } from './read-body.js';
import type { FileRef } from '../dsl/reply.js';

export interface RequestRecord {
  readonly method: string;
  /** The raw request target: path and query, not decoded. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Reads the body once, up to the limit. */
  readBody(limit: number): Promise<BodyRead>;
  /** Aborted when the client disconnects. */
  readonly signal: AbortSignal;
}

/** What the pipeline answers; the transport writes it. */
export interface OutReply {
  readonly status: number;
  /** A reason phrase for the status line, when an error value gives one. */
  readonly reason?: string;
  readonly headers: Record<string, string | readonly string[]>;
  readonly body?: string | Buffer;
  /** Chunks written and flushed one by one (streams). */
  readonly stream?: AsyncIterable<string | Buffer>;
  /** A file the transport answers with its static-file handler (server/static.ts). */
  readonly file?: FileRef;
}
