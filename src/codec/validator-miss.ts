// Where an object's compiled validator stopped when it refused an object: the fields (by declared
// position) before it were absent where optional or valid. A caller that has just run the
// validator and got `false` hands this to the codec's refusal (validator-refusal.ts), which then
// starts past them instead of judging each again, and goes straight to the check of the field
// that failed. Read at once or never: any validator run after overwrites it.

/** The field the last object validator to refuse an object stopped at (the field count when none failed). */
export const miss = { at: -1 };

/** Recorded by an object validator as it returns false for an object. */
export function missed(at: number): false {
  miss.at = at;
  return false;
}

/**
 * Validators that record (object validators, validator-object.ts; and a schema's without type whose
 * object part records, which refuses an object only by that part's validator, marked by its refusal
 * in validator-refusal.ts): every `false` they return for an object is recorded last, after any
 * nested validator's, so right after one refuses an object `miss.at` is its own.
 */
export const recording = new WeakSet<object>();
