import { randomBytes } from 'node:crypto';

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * 20 lowercase letters and digits, like Helsinki's ids. Unpublished requests are fetchable by
 * id, so ids must be unguessable: 20 symbols of 36 carry ~103 bits. Rejection sampling keeps
 * every symbol uniform (no modulo bias).
 */
export function newServiceRequestId(): string {
  let id = '';
  while (id.length < 20) {
    for (const byte of randomBytes(32)) {
      if (byte < 252 && id.length < 20) id += alphabet[byte % 36];
    }
  }
  return id;
}
