import { checkEditorToken, EXPIRED_URL, INVALID_URL } from './editor-token';

const encode = (payload: unknown) => btoa(JSON.stringify(payload)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (payload: unknown) => `eyJhbGciOiJIUzI1NiJ9.${encode(payload)}.sig`;
const now = new Date('2026-11-22T00:00:00Z');
const future = now.getTime() / 1000 + 3600;

describe('editor link token', () => {
  it('accepts one decodable token that has not expired', () => {
    const result = checkEditorToken(`?token=${jwt({ exp: future, project_id: 3 })}`, now);
    expect(result).toEqual({ valid: true, payload: { exp: future, project_id: 3 } });
  });

  it('rejects a missing, duplicated or undecodable token as an invalid URL', () => {
    expect(checkEditorToken('', now)).toEqual({ valid: false, message: INVALID_URL });
    expect(checkEditorToken(`?token=${jwt({ exp: future })}&token=x`, now)).toEqual({ valid: false, message: INVALID_URL });
    expect(checkEditorToken('?token=%%%not-base64', now)).toEqual({ valid: false, message: INVALID_URL });
    expect(checkEditorToken(`?token=${jwt({})}`, now)).toEqual({ valid: false, message: INVALID_URL });
    expect(checkEditorToken(`?token=${jwt([1])}`, now)).toEqual({ valid: false, message: INVALID_URL });
    expect(checkEditorToken('?token=', now)).toEqual({ valid: false, message: INVALID_URL });
  });

  it('rejects a token without a numeric expiry as an invalid URL, not as expired', () => {
    expect(checkEditorToken(`?token=${jwt({ project_id: 3 })}`, now)).toEqual({ valid: false, message: INVALID_URL });
    expect(checkEditorToken(`?token=${jwt({ exp: String(future) })}`, now)).toEqual({ valid: false, message: INVALID_URL });
    expect(checkEditorToken(`?token=${jwt({ exp: null })}`, now)).toEqual({ valid: false, message: INVALID_URL });
  });

  it('counts a token expiring this very second as expired', () => {
    expect(checkEditorToken(`?token=${jwt({ exp: now.getTime() / 1000 })}`, now)).toEqual({ valid: false, message: EXPIRED_URL });
  });

  it('rejects an expired token with the expiry message', () => {
    expect(checkEditorToken(`?token=${jwt({ exp: future - 7200 })}`, now)).toEqual({ valid: false, message: EXPIRED_URL });
  });
});
