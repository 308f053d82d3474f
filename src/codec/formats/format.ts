// What a string format is to api-serve: a name's test and the noun messages use. Each format's
// file exports one; src/codec/formats.ts is the registry that names them.

export interface Format {
  /** How a message names a value of the format: `an email address`. */
  readonly noun: string;
  readonly test: (s: string) => boolean;
}
