// The verdict on one answer to a valid request, from the document and ajv: is its status declared,
// and is its body one the declared response's JSON schema accepts.
import { esc, resolve } from './judge-document.mjs';

/**
 * The declared response `status` falls under (exact code, then `4XX`-style range, then `default`).
 * decided: when the operation declares any 2xx/3xx answer, a valid request answered 4xx/5xx is not
 * "answered with a declared status" even if `default` covers it (docs/openapi-in.md "Measuring
 * against public definitions").
 */
function declared(doc, pointer, op, status) {
  const responses = op.responses ?? {};
  const keys = Object.keys(responses);
  const success = keys.some((k) => /^[23]/.test(k));
  if (success && status >= 400) return undefined;
  const key = keys.find((k) => k === String(status)) ?? keys.find((k) => k.toUpperCase() === `${String(status)[0]}XX`) ?? keys.find((k) => k === 'default');
  if (key === undefined) return undefined;
  const r = resolve(doc, responses[key], `${pointer}/responses/${esc(key)}`);
  return { key, node: r.node ?? {}, pointer: r.pointer };
}

function mediaKey(content, type) {
  const keys = Object.keys(content);
  const [major] = type.split('/');
  return keys.find((k) => k.split(';')[0].trim().toLowerCase() === type) ?? keys.find((k) => k.toLowerCase() === `${major}/*`) ?? keys.find((k) => k === '*/*');
}

/** `{ declared, reason?, bodyJudged, bodyValid, bodyReason? }` for `{ status, contentType, text }`. */
export function judgeAnswer(doc, judge, plan, answer) {
  const op = resolve(doc, { $ref: plan.pointer }, '#').node;
  const d = declared(doc, plan.pointer, op, answer.status);
  if (!d) return { declared: false, reason: `status ${answer.status} for a valid request`, bodyJudged: false, bodyValid: false };
  // A HEAD answer, a 204, 205 or 304 has no content (RFC 9110 9.3.2, 15.3.5, 15.3.6, 15.4.5): its status is judged, not a body.
  if (plan.valid?.method === 'HEAD' || [204, 205, 304].includes(answer.status)) return { declared: true, bodyJudged: false, bodyValid: false };
  const content = d.node.content;
  if (!content || typeof content !== 'object' || Object.keys(content).length === 0) return { declared: true, bodyJudged: false, bodyValid: false };
  const type = (answer.contentType ?? '').split(';')[0].trim().toLowerCase();
  const schemas = Object.entries(content).filter(([k, m]) => /json/i.test(k) && m?.schema !== undefined);
  if (schemas.length === 0) return { declared: true, bodyJudged: false, bodyValid: false };
  const verdict = (ok, reason, detail) => ({ declared: true, bodyJudged: true, bodyValid: ok, ...(ok ? {} : { bodyReason: reason }), ...(detail ? { detail } : {}) });
  if (answer.text === '' || answer.text === undefined) return verdict(false, 'body: empty where a JSON schema is declared');
  const key = mediaKey(content, type);
  if (key === undefined) return verdict(false, `body: content-type ${type || '(none)'} not declared`);
  if (!/json/i.test(key) && !/json/i.test(type)) return { declared: true, bodyJudged: false, bodyValid: false };
  if (content[key].schema === undefined) return { declared: true, bodyJudged: false, bodyValid: false };
  let value;
  try { value = JSON.parse(answer.text); } catch { return verdict(false, 'body: not JSON'); }
  const validate = judge.validator(`${d.pointer}/content/${esc(key)}/schema`);
  if (validate instanceof Error) return { declared: true, bodyJudged: false, bodyValid: false, judgeError: `ajv: ${String(validate.message).split('\n')[0].slice(0, 120)}` };
  if (validate(value)) return verdict(true);
  const e = validate.errors?.[0];
  return verdict(false, `body invalid: ${e?.keyword ?? '?'}${e?.keyword === 'format' ? ` ${e.params?.format}` : ''}`, e ? `${e.instancePath || '/'} ${e.message}` : undefined);
}

