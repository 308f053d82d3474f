// When a run draws the Ink live view instead of lines: one rule for replay and fuzz.

/** The pretty reporter, stdout a terminal, and not CI (CI set to anything but "", "false", "0"). */
export function liveViewWanted(reporter: string, stdout: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  return reporter === 'pretty' && stdout.isTTY === true && !ci;
}
