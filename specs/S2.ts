// S2: position lookup, greeting, and marketing-email generation (JSON or form bodies).
import { api, body, capture, get, implement, json, post, query } from '../src/dsl/index.js';
import { media, t } from '../src/codec/index.js';

export const Position = t.object('Position', { xCoord: t.int, yCoord: t.int });
export const HelloMessage = t.object('HelloMessage', { msg: t.text });
export const ClientInfo = t.object('ClientInfo', {
  clientName: t.text, clientEmail: t.text, clientAge: t.int, clientInterestedIn: t.array(t.text),
});
export const Email = t.object('Email', { from: t.text, to: t.text, subject: t.text, body: t.text });
type ClientInfo = t.Infer<typeof ClientInfo>;

/** The fixed sender of marketing emails (from the reference). */
export const SENDER = 'great@company.com';

export function emailFor(c: ClientInfo): t.Infer<typeof Email> {
  return {
    from: SENDER,
    to: c.clientEmail,
    subject: `Hey ${c.clientName}, we miss you!`,
    body: `Hi ${c.clientName},\n\nSince you've recently turned ${c.clientAge}, have you checked out our latest ${c.clientInterestedIn.join(', ')} products? Give us a visit!`,
  };
}

const sample: ClientInfo = { clientName: 'Alp', clientEmail: 'alp@foo.com', clientAge: 26, clientInterestedIn: ['haskell', 'mathematics'] };

export const surface = api('S2', { license: { name: 'MIT', identifier: 'MIT' },
  title: 'Position lookup, greeting, and marketing-email generation',
}, {
  position: get('position', capture('x', t.examples(t.int, [{ value: 3 }]), '(integer) position on the x axis'), capture('y', t.examples(t.int, [{ value: 14 }]), '(integer) position on the y axis'))
    .returns(json(Position), { examples: [{ value: { xCoord: 3, yCoord: 14 } }] }),
  hello: get('hello', query('name', t.text, { values: ['Alp', 'John Doe', '...'], description: 'Name of the person to say hello to.' }))
    .returns(json(HelloMessage), {
      examples: [
        { title: "When a value is provided for 'name'", value: { msg: 'Hello, Alp' }, request: { url: '/hello?name=Alp' } },
        { title: "When 'name' is not specified", value: { msg: 'Hello, anonymous coward' } },
      ],
    }),
  marketing: post('marketing', body(ClientInfo, [media.json, media.form], [{ value: sample }]))
    .returns(json(Email), { examples: [{ value: emailFor(sample) }] }),
});

export const handlers = implement(surface, {
  position: ({ x, y }) => ({ xCoord: x, yCoord: y }),
  hello: ({ name }) => ({ msg: name === undefined ? 'Hello, anonymous coward' : `Hello, ${name}` }),
  marketing: ({ body: c }) => emailFor(c),
});
