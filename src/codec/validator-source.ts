// The source of a generated validator function, made distinct: V8 caches `new Function` by its
// text, and two codecs of the same shape (a corpus has many) then shared one compiled function and
// its type feedback, so every call site in it saw every codec's fields and none was inlined.

let made = 0;

/** The source with a numbered comment after it: no two generated functions share compiled code. */
export const distinct = (source: string): string => `${source}\n// ${++made}`;
