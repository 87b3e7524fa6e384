/** Solves the server's proof-of-work challenge in small slices so the page stays responsive. */
import { leadingZeroBits, sha256 } from './sha256';

export async function solveChallenge(challenge: string, difficulty: number, sliceSize = 2000): Promise<string> {
  for (let nonce = 0; ; nonce++) {
    const candidate = `${challenge}:${nonce}`;
    if (leadingZeroBits(sha256(candidate)) >= difficulty) return candidate;
    if (nonce % sliceSize === sliceSize - 1) await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
