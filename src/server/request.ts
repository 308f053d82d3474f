// The small request record the pipeline works on, independent of the transport, and what it answers.
import type { FileRef } from '../dsl/reply.js';
import type { Answer } from '../describe/answer.js';
import type { BodyRead, Incoming } from '../describe/stages.js';

export interface RequestRecord extends Incoming {
  /** Reads the body once, up to the limit. */
  readBody(limit: number): Promise<BodyRead>;
  /** Aborted when the client disconnects. */
  readonly signal: AbortSignal;
}

/** What the pipeline answers; the transport writes it. */
export interface OutReply extends Answer {
  readonly headers: Record<string, string | readonly string[]>;
  /** Chunks written and flushed one by one (streams). */
  readonly stream?: AsyncIterable<string | Buffer>;
  /** A file the transport answers with its static-file handler (server/static.ts). */
  readonly file?: FileRef;
}
