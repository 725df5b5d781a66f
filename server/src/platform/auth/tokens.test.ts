import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

afterEach(() => { vi.useRealTimers(); });

describe('token service', () => {
  const secret = 's'.repeat(48);

  it('verifies its own token, also a second time from what it already checked', async () => {
    const tokens = createTokenService(secret, 60);
    const t = await tokens.sign({ usu_id: 7, ver: 3 });
    expect(await tokens.verify(t)).toEqual({ usu_id: 7, ver: 3 });
    expect(await tokens.verify(t)).toEqual({ usu_id: 7, ver: 3 });
  });

  it('refuses a token once it expired, although it was verified before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const tokens = createTokenService(secret, 60);
    const t = await tokens.sign({ usu_id: 7, ver: 3 });
    expect(await tokens.verify(t)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-24T10:01:01Z'));
    expect(await tokens.verify(t)).toBeNull();
    expect(await tokens.verify(t)).toBeNull();
  });

  it('refuses a token signed with another secret or altered, whatever it verified before', async () => {
    const tokens = createTokenService(secret, 60);
    const other = createTokenService('o'.repeat(48), 60);
    const good = await tokens.sign({ usu_id: 7, ver: 3 });
    await tokens.verify(good);
    expect(await tokens.verify(await other.sign({ usu_id: 7, ver: 3 }))).toBeNull();
    const [h, , s] = good.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: '1', ver: 3, iss: 'obra', exp: 4_000_000_000 })).toString('base64url')}.${s}`;
    expect(await tokens.verify(forged)).toBeNull();
  });
});
