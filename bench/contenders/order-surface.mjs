// The body-validation row's surface: `POST /orders` with an order of 20 constrained fields in
// nested objects (the same rules order-work.mjs checks by hand for the bare contenders).
import { api, body, implement, json, post, t } from '../../dist/src/index.js';

const len = (min, max) => t.constrain(t.text, { minLength: min, maxLength: max });
const int = (minimum, maximum) => t.constrain(t.int, { minimum, maximum });
const pattern = (p) => t.constrain(t.text, { pattern: p });

const Order = t.object('Order', {
  id: t.uuid, createdAt: t.dateTime,
  customer: t.object('Customer', { name: len(1, 80), email: t.email, age: int(18, 130), phone: pattern('^\\+[0-9]{7,15}$') }),
  shipping: t.object('Address', { street: len(1, 100), city: len(1, 60), zip: pattern('^[0-9]{5}$'), country: t.oneOf(['US', 'DE', 'FR', 'GB']) }),
  billing: t.object('Billing', { sameAsShipping: t.bool, vatId: pattern('^[A-Z]{2}[0-9A-Z]{8,12}$') }),
  payment: t.object('Payment', { method: t.oneOf(['card', 'invoice', 'paypal']), amountCents: int(1, 10_000_000), currency: t.oneOf(['EUR', 'USD', 'GBP']) }),
  note: t.optional(len(0, 200)), priority: int(1, 5), giftWrap: t.bool, coupon: t.optional(pattern('^[A-Z0-9]{6}$')),
  tags: t.array(len(1, 20), { maxItems: 5, uniqueItems: true }),
});
const Receipt = t.object('Receipt', { id: t.text, amountCents: t.int });

export function orderSurface() {
  const surface = api('Orders', { title: 'an order of 20 constrained fields' }, { place: post('orders', body(Order)).returns(json(Receipt)) });
  return implement(surface, { place: ({ body: o }) => ({ id: o.id, amountCents: o.payment.amountCents }) });
}
