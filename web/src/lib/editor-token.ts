/**
 * The editor link check (spec section 5): a `token` query parameter carrying a JWT-like payload.
 * Missing, duplicated, undecodable, empty or without a numeric `exp`: 「無効なURLです」; a past
 * `exp`: the expiry message (spec section 8).
 */

export type TokenCheck = { valid: true; payload: Record<string, unknown> } | { valid: false; message: string };

export const INVALID_URL = '無効なURLです';
export const EXPIRED_URL = 'URLの有効期限が切れています';

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

export function checkEditorToken(search: string, now: Date = new Date()): TokenCheck {
  const values = new URLSearchParams(search).getAll('token');
  if (values.length !== 1 || !values[0]) return { valid: false, message: INVALID_URL };
  const token = values[0];
  let payload: unknown;
  try {
    const segments = token.split('.');
    payload = decodeSegment(segments.length >= 2 ? segments[1] : segments[0]);
  } catch {
    return { valid: false, message: INVALID_URL };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload) || Object.keys(payload).length === 0) {
    return { valid: false, message: INVALID_URL };
  }
  // A token without a usable expiry was never valid: only a real `exp` in the past means expired.
  const exp = (payload as Record<string, unknown>).exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { valid: false, message: INVALID_URL };
  if (exp * 1000 <= now.getTime()) return { valid: false, message: EXPIRED_URL };
  return { valid: true, payload: payload as Record<string, unknown> };
}
