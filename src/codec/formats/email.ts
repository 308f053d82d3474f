// `email`: an RFC 5321 mailbox, ASCII only (`idn-email` is the internationalised one).
import type { Format } from './format.js';
import { isMailbox } from './mailbox.js';

export const email: Format = {
  noun: 'an email address',
  test: (s) => isMailbox(s, false),
  examples: ['user@example.com', 'first.last+tag@example.co.uk'],
  misses: ['user@', '@example.com', 'user.example.com', 'us er@example.com'],
};
