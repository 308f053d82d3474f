// A shrunk failing sequence as an ordinary scenario fixture: each create captures the id it
// answered (`${id}`, as `--scenario` recording does) and later steps use the capture, so plain
// `api-check DIR` replays it against a fresh or a used server and fails the same way until fixed.
import type { CaptureSpec, ResponseSpec, ScenarioFixture, StepSpec } from '../../fixture/format.js';
import type { Expectation, StatefulFailure } from './stateful.js';
import { child } from '../../codec/json-pointer.js';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text of an answer that carries `"<idField>": <id>` (a number, or a quoted string).
 * decided: the fixture format cannot say "a list holding this id" or "an answer without it", so a
 * regular expression over the body stands for both (docs/decisions.md "Fuzz").
 */
function carrying(idField: string, name: string, numeric: boolean, carries: boolean): { $match: string } {
  const value = numeric ? `\${${name}}(?![0-9.eE])` : `"\${${name}}"`;
  const pair = `"${escapeRe(idField)}"\\s*:\\s*${value}`;
  return { $match: carries ? pair : `^(?![\\s\\S]*${pair})` };
}

/** Replaces each path segment that is a created id with its capture. */
const templated = (path: string, names: ReadonlyMap<string, string>) =>
  path.split('/').map((s) => { const n = names.get(decodeURIComponent(s)); return n === undefined ? s : `\${${n}}`; }).join('/');

/** The expected answer of the failing step. */
function expectedOf(e: Expectation, idField: string, names: ReadonlyMap<string, string>): ResponseSpec {
  if (e.kind === 'status') return { status: e.status };
  if (e.kind === 'item') {
    const body = Object.fromEntries(Object.entries(e.item).map(([k, v]) => [k, k === idField && names.has(String(v)) ? `\${${names.get(String(v))}}` : v]));
    return { status: e.status, body };
  }
  const name = names.get(e.id);
  return name === undefined ? { status: e.status } : { status: e.status, text: carrying(idField, name, e.numeric, e.carries) };
}

export function scenarioOfSequence(surface: string, seed: number, f: StatefulFailure): ScenarioFixture {
  const names = new Map<string, string>();
  const steps = f.steps.map((s, i): StepSpec => {
    const last = i === f.steps.length - 1;
    const request = { ...s.request, path: templated(s.request.path, names) };
    const response = last ? expectedOf(f.expected, f.idField, names) : { status: s.status };
    let capture: Record<string, CaptureSpec> | undefined;
    // The first answer of an id names it; an id answered again (unique_id) is the failure, not a new capture.
    if (s.created !== undefined && !names.has(s.created) && !last) {
      const name = names.size === 0 ? 'id' : `id${names.size + 1}`;
      names.set(s.created, name);
      const field = s.idField ?? f.idField;
      capture = { [name]: { pointer: child('', field) } };
    }
    const name = `${i + 1}. ${request.method} ${request.path}${last ? `: ${f.check} (the fuzz run got ${s.status || 'no answer'})` : ''}`;
    return { name, endpoint: s.endpoint, request, response, ...(capture ? { capture } : {}) };
  });
  return { surface, name: `fuzz seed ${seed}: stateful ${f.collection}: ${f.check}: ${f.message}`, steps };
}

/** A file name for a failing sequence: `S4-stateful-person-use_after_free.json`. */
export function sequenceFixtureName(surface: string, f: StatefulFailure): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-|-$/g, '');
  return `${safe(surface)}-stateful-${safe(f.collection)}-${safe(f.check)}.json`;
}
