// The help text of `--lenient`, one sentence shared by every command that reads an OpenAPI document.
// Only the verb (what the command does with the document) and, for import, the subject differ.

/** What a command does with the document: check and diff read it, serve/docs/fuzz serve it, import writes it. */
export type LenientVerb = 'read' | 'served' | 'written';

/** `--lenient`'s description for a command, worded for what it does with the document. */
export function lenientHelp(verb: LenientVerb, subject: 'an OpenAPI document' | 'a document' = 'an OpenAPI document'): string {
  return `${subject} whose schemas ask for a check api-serve cannot make is ${verb} with that check left out (one warning per keyword) instead of refused; so is a part that is not valid OpenAPI but can be left out (a schema keyword of the wrong kind, an operation naming a path parameter it does not declare)`;
}
