// The body-validation row's work for the bare contenders: an order of 20 constrained fields in
// nested objects, validated by hand exactly as the api-serve surface (order-surface.mjs) declares
// it (types, bounds, lengths, patterns, formats, enums, unknown keys), then a small JSON answer.
import { JSON_TYPE, TEXT_TYPE } from './s2-work.mjs';

export const ORDER = {
  id: '123e4567-e89b-12d3-a456-426614174000', createdAt: '2026-11-23T10:00:00Z',
  customer: { name: 'Ann Example', email: 'ann@example.com', age: 34, phone: '+4930123456' },
  shipping: { street: '1 Main Street', city: 'Berlin', zip: '10115', country: 'DE' },
  billing: { sameAsShipping: true, vatId: 'DE123456789' },
  payment: { method: 'card', amountCents: 12999, currency: 'EUR' },
  note: 'leave at the door', priority: 2, giftWrap: false, coupon: 'SAVE10', tags: ['gift', 'express'],
};

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const DATE_TIME = /^(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(\.\d+)?([Zz]|[+-]\d\d:\d\d)$/;
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const PHONE = /^\+[0-9]{7,15}$/;
const ZIP = /^[0-9]{5}$/;
const VAT = /^[A-Z]{2}[0-9A-Z]{8,12}$/;
const COUPON = /^[A-Z0-9]{6}$/;

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const onlyKeys = (v, keys, at) => { for (const k of Object.keys(v)) if (!keys.includes(k)) return `Error in ${at}: unexpected key ${k}`; return undefined; };
const text = (v, min, max, at) => (typeof v !== 'string' || v.length < min || v.length > max ? `Error in ${at}: bad text` : undefined);
const int = (v, min, max, at) => (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max ? `Error in ${at}: bad integer` : undefined);
const match = (v, re, at) => (typeof v !== 'string' || !re.test(v) ? `Error in ${at}: no match` : undefined);
const oneOf = (v, words, at) => (!words.includes(v) ? `Error in ${at}: not one of ${words}` : undefined);
const bool = (v, at) => (typeof v !== 'boolean' ? `Error in ${at}: expected boolean` : undefined);

/** The first problem with an order, or undefined. */
export function checkOrder(o) {
  if (!isObject(o)) return 'Error in $: expected Order';
  const keys = ['id', 'createdAt', 'customer', 'shipping', 'billing', 'payment', 'note', 'priority', 'giftWrap', 'coupon', 'tags'];
  for (const k of keys) if (!(k in o) && k !== 'note' && k !== 'coupon') return `Error in $: key ${k} not found`;
  const p = onlyKeys(o, keys, '$') ?? match(o.id, UUID, '$.id') ?? match(o.createdAt, DATE_TIME, '$.createdAt');
  if (p) return p;
  const c = o.customer;
  if (!isObject(c)) return 'Error in $.customer: expected Customer';
  const pc = onlyKeys(c, ['name', 'email', 'age', 'phone'], '$.customer') ?? text(c.name, 1, 80, '$.customer.name')
    ?? match(c.email, EMAIL, '$.customer.email') ?? int(c.age, 18, 130, '$.customer.age') ?? match(c.phone, PHONE, '$.customer.phone');
  if (pc) return pc;
  const s = o.shipping;
  if (!isObject(s)) return 'Error in $.shipping: expected Address';
  const ps = onlyKeys(s, ['street', 'city', 'zip', 'country'], '$.shipping') ?? text(s.street, 1, 100, '$.shipping.street')
    ?? text(s.city, 1, 60, '$.shipping.city') ?? match(s.zip, ZIP, '$.shipping.zip') ?? oneOf(s.country, ['US', 'DE', 'FR', 'GB'], '$.shipping.country');
  if (ps) return ps;
  const b = o.billing;
  if (!isObject(b)) return 'Error in $.billing: expected Billing';
  const pb = onlyKeys(b, ['sameAsShipping', 'vatId'], '$.billing') ?? bool(b.sameAsShipping, '$.billing.sameAsShipping') ?? match(b.vatId, VAT, '$.billing.vatId');
  if (pb) return pb;
  const pay = o.payment;
  if (!isObject(pay)) return 'Error in $.payment: expected Payment';
  const pp = onlyKeys(pay, ['method', 'amountCents', 'currency'], '$.payment') ?? oneOf(pay.method, ['card', 'invoice', 'paypal'], '$.payment.method')
    ?? int(pay.amountCents, 1, 10_000_000, '$.payment.amountCents') ?? oneOf(pay.currency, ['EUR', 'USD', 'GBP'], '$.payment.currency');
  if (pp) return pp;
  const pr = (o.note === undefined || o.note === null ? undefined : text(o.note, 0, 200, '$.note')) ?? int(o.priority, 1, 5, '$.priority')
    ?? bool(o.giftWrap, '$.giftWrap') ?? (o.coupon === undefined || o.coupon === null ? undefined : match(o.coupon, COUPON, '$.coupon'));
  if (pr) return pr;
  if (!Array.isArray(o.tags) || o.tags.length > 5) return 'Error in $.tags: expected at most 5 tags';
  for (let i = 0; i < o.tags.length; i++) {
    const t = text(o.tags[i], 1, 20, `$.tags[${i}]`);
    if (t) return t;
    for (let j = 0; j < i; j++) if (o.tags[j] === o.tags[i]) return 'Error in $.tags: repeated tag';
  }
  return undefined;
}

/** `POST /orders` from the Content-Type and the body bytes. */
export function order(contentType, bytes) {
  const essence = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (essence !== 'application/json') return [415, TEXT_TYPE, 'Unsupported Media Type'];
  let value;
  try { value = JSON.parse(bytes.toString('utf8')); } catch (e) { return [400, TEXT_TYPE, `Error in $: not valid JSON (${e.message})`]; }
  const problem = checkOrder(value);
  if (problem) return [400, TEXT_TYPE, problem];
  return [200, JSON_TYPE, JSON.stringify({ id: value.id, amountCents: value.payment.amountCents })];
}
