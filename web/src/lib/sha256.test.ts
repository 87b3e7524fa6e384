import { createHash } from 'node:crypto';
import { leadingZeroBits, sha256 } from './sha256';
import { solveChallenge } from './proof-of-work';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const reference = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256 and the proof of work', () => {
  it('matches a reference implementation across block boundaries and UTF-8', () => {
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'v1.1795.84a4:12345', '紡ぎ'.repeat(40)]) {
      expect(hex(sha256(text))).toBe(reference(text));
    }
  });

  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0x0f]))).toBe(12);
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
  });

  it('finds a nonce with the requested leading zero bits', async () => {
    const token = await solveChallenge('v1.1.00.sig', 8);
    expect(token.startsWith('v1.1.00.sig:')).toBe(true);
    expect(leadingZeroBits(sha256(token))).toBeGreaterThanOrEqual(8);
  });
});
