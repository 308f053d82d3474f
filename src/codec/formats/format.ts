// What a string format is to api-serve: a name's test, the noun messages use, and values on each
// side of the test (samples, generated values, near misses). Each format's file exports one, so a
// new format is that file and one line in the registry (src/codec/formats.ts).

export interface Format {
  /** How a message names a value of the format: `an email address`. */
  readonly noun: string;
  readonly test: (s: string) => boolean;
  /**
   * Values it accepts. The first is every codec's sample of the format (docs and mock answers show
   * it: changing it changes the goldens); all of them are drawn when no arbitrary is written for it.
   */
  readonly examples: readonly [string, ...string[]];
  /** Values it refuses, chosen so JSON Schema tools refuse them too: the near misses that break it. */
  readonly misses: readonly string[];
}
