// The hand-written S2 work shared by the bare contenders (node:http, polka, fastify's error text):
// the same capture decoding, query decoding, strict JSON body check, and the same JSON out.

export const JSON_TYPE = 'application/json;charset=utf-8';
export const TEXT_TYPE = 'text/plain;charset=utf-8';
export const MAX_BODY = 1024 * 1024;

const INT = /^[+-]?\d+$/;

/** An integer capture as api-serve decodes it: the number, or the 400 message. */
export function parseIntCapture(name, raw) {
  if (!INT.test(raw)) return { ok: false, message: `Error parsing capture ${name} failed: ${JSON.stringify(raw)} is not an integer` };
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) return { ok: false, message: `Error parsing capture ${name} failed: ${JSON.stringify(raw)} is out of range` };
  return { ok: true, value: n };
}

/** Percent-decodes one path segment; undefined when malformed. */
export function decodeSegment(s) {
  if (!s.includes('%')) return s;
  try { return decodeURIComponent(s); } catch { return undefined; }
}

/** `/position/{x}/{y}`: the reply as [status, contentType, body]. */
export function position(rawX, rawY) {
  const x = parseIntCapture('x', rawX);
  if (!x.ok) return [400, TEXT_TYPE, x.message];
  const y = parseIntCapture('y', rawY);
  if (!y.ok) return [400, TEXT_TYPE, y.message];
  return [200, JSON_TYPE, JSON.stringify({ xCoord: x.value, yCoord: y.value })];
}

function decodeComponent(raw) {
  const spaced = raw.includes('+') ? raw.replace(/\+/g, ' ') : raw;
  if (!spaced.includes('%')) return spaced;
  try { return decodeURIComponent(spaced); } catch { return undefined; }
}

/** `/hello?name=...` from the raw query string (a name given twice is a 400, as api-serve). */
export function hello(rawQuery) {
  let name;
  let seen = 0;
  for (const piece of rawQuery.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const key = decodeComponent(eq < 0 ? piece : piece.slice(0, eq));
    const value = decodeComponent(eq < 0 ? '' : piece.slice(eq + 1));
    if (key === undefined || value === undefined) return [400, TEXT_TYPE, 'Error parsing query string failed: malformed percent-encoding'];
    if (key === 'name') { name = value; seen++; }
  }
  if (seen > 1) return [400, TEXT_TYPE, 'Error parsing query parameter name failed: given more than once'];
  return [200, JSON_TYPE, JSON.stringify({ msg: name === undefined ? 'Hello, anonymous coward' : `Hello, ${name}` })];
}

/** The marketing email, exactly as specs/S2.ts builds it. */
export function emailFor(c) {
  return {
    from: 'great@company.com',
    to: c.clientEmail,
    subject: `Hey ${c.clientName}, we miss you!`,
    body: `Hi ${c.clientName},\n\nSince you've recently turned ${c.clientAge}, have you checked out our latest ${c.clientInterestedIn.join(', ')} products? Give us a visit!`,
  };
}

const FIELDS = ['clientName', 'clientEmail', 'clientAge', 'clientInterestedIn'];

/** The strict ClientInfo check api-serve does (every field, its type, no unknown field). */
export function checkClientInfo(v) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'Error in $: expected ClientInfo';
  for (const k of Object.keys(v)) if (!FIELDS.includes(k)) return `Error in $.${k}: unexpected field`;
  if (typeof v.clientName !== 'string') return 'Error in $.clientName: expected text';
  if (typeof v.clientEmail !== 'string') return 'Error in $.clientEmail: expected text';
  if (typeof v.clientAge !== 'number' || !Number.isSafeInteger(v.clientAge)) return 'Error in $.clientAge: expected integer';
  if (!Array.isArray(v.clientInterestedIn)) return 'Error in $.clientInterestedIn: expected array';
  for (let i = 0; i < v.clientInterestedIn.length; i++) {
    if (typeof v.clientInterestedIn[i] !== 'string') return `Error in $.clientInterestedIn[${i}]: expected text`;
  }
  return undefined;
}

/** `POST /marketing` from the Content-Type and the body bytes. */
export function marketing(contentType, bytes) {
  const essence = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (essence !== 'application/json') return [415, TEXT_TYPE, 'Unsupported Media Type'];
  let value;
  try { value = JSON.parse(bytes.toString('utf8')); } catch (e) { return [400, TEXT_TYPE, `Error in $: not valid JSON (${e.message})`]; }
  const problem = checkClientInfo(value);
  if (problem) return [400, TEXT_TYPE, problem];
  return [200, JSON_TYPE, JSON.stringify(emailFor(value))];
}

/** Reads a request body up to MAX_BODY; undefined when too large or cut short. */
export function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) { resolve(undefined); req.destroy(); return; }
      chunks.push(c);
    });
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size)));
    req.once('error', () => resolve(undefined));
  });
}

/** Writes [status, contentType, body] with the headers api-serve sets. */
export function send(res, [status, type, body], extra) {
  res.statusCode = status;
  if (extra) for (const k in extra) res.setHeader(k, extra[k]);
  res.setHeader('content-type', type);
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * The line a contender prints once it listens: its ports as JSON, read by bench/lib/procs.mjs.
 * SIGTERM exits normally, so a contender run with `node --cpu-prof` writes its profile.
 */
export function announce(ports) {
  process.once('SIGTERM', () => process.exit(0));
  process.stdout.write(`${JSON.stringify({ ready: true, ports, pid: process.pid })}\n`);
}
