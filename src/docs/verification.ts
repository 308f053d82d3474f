// What the docs say about a response example's proof: the line Markdown shows under it and the
// `x-` fields OpenAPI gives it, once `api-docs --verify` has run (nothing before), and the one walk
// over a model's response examples that the verifier and `--examples-from` use to annotate them.
import type { DocEndpoint, DocExample, DocModel, DocResponse } from './model.js';

/** Markdown lines after an example's block: what proves it, or why nothing does. */
export function verificationLines(ex: DocExample): string[] {
  const lines = ex.recorded ? [`- Recorded exchange (\`${ex.recorded.file}\`): \`${ex.recorded.request}\``] : [];
  const v = ex.verification;
  if (v === undefined) return lines.length > 0 ? [...lines, ''] : [];
  if (v.outcome === 'verified') lines.push(`- Verified against the server: \`${v.request}\` answers this.`);
  else if (v.outcome === 'unverifiable') lines.push(`- Not verified against the server: ${v.reason}`);
  else lines.push(`- Not verified against the server${v.request === undefined ? '' : ` (\`${v.request}\`)`}: ${v.reason}`);
  return [...lines, ''];
}

/** OpenAPI extension fields of an example object: `x-verified` and what proved it, or why not. */
export function verificationFields(ex: DocExample): Record<string, unknown> {
  const v = ex.verification;
  const recorded = ex.recorded ? { 'x-recorded': ex.recorded } : {};
  if (v === undefined) return recorded;
  return v.outcome === 'verified'
    ? { ...recorded, 'x-verified': true, 'x-verified-request': v.request }
    : { ...recorded, 'x-verified': false, 'x-not-verified': `${v.outcome}: ${v.reason}` };
}

/** Where a response example sits in a model. */
export interface ExampleSite {
  readonly endpoint: DocEndpoint;
  readonly response: DocResponse;
  readonly example: DocExample;
  /** Its position among the response's examples (0-based). */
  readonly index: number;
}

/** Every response example of the model, in document order (streams' examples left out). */
export function exampleSites(model: DocModel): ExampleSite[] {
  return model.endpoints.flatMap((endpoint) => endpoint.responses.flatMap((response) =>
    response.stream || response.content === undefined ? []
      : response.content.examples.map((example, index) => ({ endpoint, response, example, index }))));
}

/** The model with each response example replaced (the same object when `change` returns it). */
export function mapExamples(model: DocModel, change: (site: ExampleSite) => DocExample): DocModel {
  return {
    ...model,
    endpoints: model.endpoints.map((endpoint) => ({
      ...endpoint,
      responses: endpoint.responses.map((response) => (response.stream || response.content === undefined ? response : {
        ...response,
        content: { ...response.content, examples: response.content.examples.map((example, index) => change({ endpoint, response, example, index })) },
      })),
    })),
  };
}

/** The model with examples added to responses (`--examples-from`), after the declared ones. */
export function addExamples(model: DocModel, added: readonly { readonly endpoint: string; readonly status: number; readonly example: DocExample }[]): DocModel {
  return {
    ...model,
    endpoints: model.endpoints.map((endpoint) => ({
      ...endpoint,
      responses: endpoint.responses.map((response) => {
        const more = added.filter((a) => a.endpoint === endpoint.name && a.status === response.status).map((a) => a.example);
        return more.length === 0 || response.content === undefined ? response
          : { ...response, content: { ...response.content, examples: [...response.content.examples, ...more] } };
      }),
    })),
  };
}
