// `api-check`: placeholder until the checker lands (issue "api-check").
export async function main(_argv: string[]): Promise<void> {
  process.stderr.write('api-check: not implemented yet\n');
  process.exit(2);
}
