// `api-docs`: placeholder until the docs interpreter lands (issue "api-docs").
export async function main(_argv: string[]): Promise<void> {
  process.stderr.write('api-docs: not implemented yet\n');
  process.exit(2);
}
