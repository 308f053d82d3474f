// `idn-email`: an RFC 6531 mailbox, where atoms and domain labels may hold any non-ASCII character;
// the domain's U-labels are not checked against IDNA's tables (as `hostname` leaves A-labels).
import type { Format } from './format.js';
import { isMailbox } from './mailbox.js';

export const idnEmail: Format = {
  noun: 'an email address (internationalised)',
  test: (s) => isMailbox(s, true),
  examples: ['user@example.com', 'josé@example.com', '用户@例え.テスト'],
  misses: ['user@', '@example.com', 'user.example.com', 'us er@example.com'],
};
