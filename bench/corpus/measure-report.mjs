// The measure's summary: the Markdown table (api-serve beside Prism) and the failure classes, each
// a short reason with its count and one example document and operation.
const pct = (a, b) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}% (${a}/${b})`);
const frac = (a, b) => (b === 0 ? '-' : `${a}/${b}`);

function median(xs) {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const ms = (v) => (v === undefined ? '-' : v >= 100 ? `${Math.round(v)} ms` : `${v.toFixed(1)} ms`);

/** A message with its specifics (paths, quoted names, numbers) blanked, so alike errors group. */
export function normalize(message, file) {
  let m = String(message);
  if (file) m = m.split(file).join('<doc>');
  // Quoted parts may be cut off by the line's length limit: an unclosed quote runs to the end.
  return m.replace(/\/[^\s:'"`]+\.(json|ya?ml)/g, '<doc>').replace(/"[^"]*("|$)|'[^']*('|$)|`[^`]*(`|$)/g, '…').replace(/\d+/g, 'N').slice(0, 140);
}

/**
 * A tsc message without the types it names, which differ per document and are often cut off:
 * the words before the first quote, and those between the first two quoted parts when short
 * (`Type … is not assignable`).
 */
export function tscHead(message) {
  const parts = message.split(/'/);
  const head = parts[0].replace(/[\s,:.]*(and|but)?\s*$/, '').trim();
  if (head.split(/\s+/).length >= 4 || parts.length < 3) return head;
  return `${head} … ${parts[2].trim().split(/\s+/).slice(0, 3).join(' ')}`.trim();
}

/**
 * A start-up error without where it happened (`doc: POST /x (op): request body (...) at /a/b:`)
 * and without the schema names it lists, so one cause in many documents is one class.
 */
export function startupHead(message, file) {
  const m = String(message);
  if (/not a valid OpenAPI document/.test(m)) return `not a valid OpenAPI document: ${normalize(m.split(/not a valid OpenAPI document:?\s*/)[1] ?? '', file).slice(0, 60)}`;
  if (/has no value that ends/.test(m)) return 'sample: … has no value that ends (every branch recurses)';
  const tail = m.replace(/^.*\) at \/\S*: /, '').replace(/^doc: [A-Z]+ \S+ \([^)]*\): /, '');
  return normalize(tail, file).replace(/ is missing from \S+/, ' is missing from …');
}

/** Counts of one side over the document rows. */
function tally(rows, side) {
  const t = { docs: rows.length, started: 0, valid: 0, declared: 0, judged: 0, bodyValid: 0, invalid: 0, refused: 0, kinds: {}, startup: [], latency: [] };
  for (const row of rows) {
    const r = row[side];
    if (!r) continue;
    if (r.started) { t.started++; t.startup.push(r.startupMs); }
    for (const v of r.valid ?? []) {
      t.valid++;
      if (v.declared) t.declared++;
      if (v.bodyJudged) { t.judged++; if (v.bodyValid) t.bodyValid++; }
      if (v.status > 0) t.latency.push(v.latencyMs);
    }
    for (const i of r.invalid ?? []) {
      t.invalid++;
      if (i.refused) t.refused++;
      const k = (t.kinds[i.kind] ??= { sent: 0, refused: 0 });
      k.sent++;
      if (i.refused) k.refused++;
    }
  }
  return t;
}

export function summaryTable(rows, compiled) {
  const a = tally(rows, 'api');
  const p = tally(rows, 'prism');
  const hasPrism = rows.some((r) => r.prism);
  const kind = (t, k) => frac(t.kinds[k]?.refused ?? 0, t.kinds[k]?.sent ?? 0);
  const line = (label, x, y) => `| ${label} | ${x} | ${hasPrism ? y : ''} |`;
  return [
    '| | api-serve | Prism |',
    '| --- | ---: | ---: |',
    line('documents started', frac(a.started, a.docs), frac(p.started, p.docs)),
    line('valid requests answered with a declared status', pct(a.declared, a.valid), pct(p.declared, p.valid)),
    line('bodies valid against the declared schema', pct(a.bodyValid, a.judged), pct(p.bodyValid, p.judged)),
    line('invalid requests refused with a 4xx', pct(a.refused, a.invalid), pct(p.refused, p.invalid)),
    line('... required query parameter missing', kind(a, 'query'), kind(p, 'query')),
    line('... required header missing', kind(a, 'header'), kind(p, 'header')),
    line('... capture of the wrong type', kind(a, 'capture'), kind(p, 'capture')),
    line('... invalid body', kind(a, 'body'), kind(p, 'body')),
    line('imports that compile under strict tsc', compiled, '-'),
    line('median start-up / latency of a valid request', `${ms(median(a.startup))} / ${ms(median(a.latency))}`, `${ms(median(p.startup))} / ${ms(median(p.latency))}`),
  ].join('\n');
}

/** Failure classes of one side: `[{ reason, count, example }]`, most frequent first. */
export function failureClasses(rows, side) {
  const classes = new Map();
  const add = (reason, example) => {
    const c = classes.get(reason) ?? { reason, count: 0, docs: new Set(), example };
    c.count++;
    c.docs.add(example.doc);
    classes.set(reason, c);
  };
  for (const row of rows) {
    const r = row[side];
    if (!r) continue;
    const doc = row.label;
    if (r.timedOut) add(`time bound: ${r.started ? 'requests' : 'start-up'} took longer than ${row.boundS} s`, { doc });
    else if (!r.started) add(`start-up: ${startupHead(r.startError, r.file)}`, { doc, detail: r.startError });
    if (r.judgeError) add(`judge: ${normalize(r.judgeError, r.file)}`, { doc, detail: r.judgeError });
    for (const v of r.valid ?? []) {
      const mixed = /[^/{}]\{|\}[^/{}]/.test(v.op) ? ' on a mixed segment' : '';
      if (!v.declared) add(`${v.reason}${v.status === 404 || v.status === 405 ? mixed : ''}`, { doc, op: v.op, detail: v.why ?? v.answer });
      else if (v.bodyJudged && !v.bodyValid) add(v.bodyReason, { doc, op: v.op, detail: v.detail ?? v.answer });
    }
    for (const i of r.invalid ?? []) {
      const how = i.kind === 'body' ? (i.what.startsWith('required') ? ' (a required property missing)' : ' (a property of the wrong type)') : '';
      if (!i.refused) add(`not refused: ${i.kind}${how}, answered ${i.status}`, { doc, op: i.op, detail: `${i.what}; ${i.answer ?? ''}` });
    }
    if (side === 'api') {
      // A document that did not start has no module: its start-up class says why, once.
      for (const e of r.started ? row.importErrors ?? [] : []) {
        const m = /error (TS\d+): (.*)$/.exec(e);
        add(m ? `import: ${m[1]} ${tscHead(m[2])}` : `import: ${normalize(e)}`, { doc, detail: e });
      }
    }
  }
  return [...classes.values()].map((c) => ({ ...c, docs: c.docs.size })).sort((x, y) => y.count - x.count || x.reason.localeCompare(y.reason));
}

export function classesText(classes, limit) {
  return classes.slice(0, limit).map((c, i) => `${i + 1}. ${c.count} x ${c.reason} (${c.docs} document${c.docs === 1 ? '' : 's'})\n   e.g. ${c.example.doc}${c.example.op ? ` ${c.example.op}` : ''}${c.example.detail ? `: ${String(c.example.detail).replace(/\s+/g, ' ').slice(0, 200)}` : ''}`).join('\n');
}

/** The printed output of a run (also re-made from a saved `--json` file by `--report FILE`). */
export function runText({ rows, options, source, minutes, compiledLine, prism }) {
  const classes = failureClasses(rows, 'api');
  const prismClasses = prism ? failureClasses(rows, 'prism') : [];
  const text = [
    `# Corpus measure: ${rows.length} documents (${source}); up to ${options.cap} operations each, ${options.boundS} s bound per document and side; ${minutes} min`,
    '',
    summaryTable(rows, compiledLine),
    '',
    `Operations not measured (no valid request could be built from the document): ${rows.reduce((s, r) => s + (r.api.skipped?.length ?? 0), 0)} of ${rows.reduce((s, r) => s + (r.api.operations ?? 0), 0)} planned.`,
    '',
    '## api-serve: top failure classes',
    '',
    classes.length === 0 ? 'none' : classesText(classes, 15),
    ...(prism ? ['', '## Prism: top failure classes', '', prismClasses.length === 0 ? 'none' : classesText(prismClasses, 8)] : []),
    '',
  ].join('\n');
  return { text, classes, prismClasses };
}
