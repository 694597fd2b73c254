import { describe, expect, it, vi } from 'vitest';
import { ApiError, type SessionAnswer } from '@its/kit';
import { SessionController, type SessionDeps } from './controller';

const user = (id = 'u1') => ({ id, name: 'Eddie', lastName: 'Editor', fullName: 'Eddie Editor', email: 'editor@example.com' });
const answer = (id = 'u1'): SessionAnswer => ({ user: user(id), csrfToken: 't' });

function make(over: Partial<SessionDeps> = {}) {
  let now = 1_000_000;
  let visible = true;
  const deps = {
    ping: vi.fn(async () => answer()),
    logout: vi.fn(async () => ({})),
    reload: vi.fn(),
    now: () => now,
    visible: () => visible,
    setInterval: () => 1,
    clearInterval: () => {},
  };
  const c = new SessionController({ ...deps, ...over });
  return {
    c,
    deps,
    advance: (ms: number) => {
      now += ms;
      c.tick();
    },
    setVisible: (v: boolean) => (visible = v),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('session controller', () => {
  it('restores an existing session on page load, or stays logged out on 401', async () => {
    const a = make();
    await a.c.restore();
    expect(a.c.snapshot).toMatchObject({ state: 'loggedIn', checked: true, user: { id: 'u1' } });
    const b = make({ ping: vi.fn(async () => Promise.reject(new ApiError(401, { message: 'no session' }))) });
    await b.c.restore();
    expect(b.c.snapshot).toMatchObject({ state: 'loggedOut', checked: true, user: null });
  });

  it('warns before the timeout, activity dismisses the warning, the timeout logs out', async () => {
    const { c, deps, advance } = make();
    c.configure({ userTimeoutMs: 20_000, userWarningMs: 12_000 });
    c.login(answer());
    advance(7_000);
    expect(c.snapshot.state).toBe('loggedIn');
    advance(1_000);
    expect(c.snapshot.state).toBe('inactivityWarning');
    expect(c.snapshot.deadline).toBe(1_000_000 + 20_000);
    c.activity();
    expect(c.snapshot.state).toBe('loggedIn');
    await flush();
    advance(8_000);
    expect(c.snapshot.state).toBe('inactivityWarning');
    advance(12_000);
    expect(c.snapshot).toMatchObject({ state: 'loggedOut', reason: 'inactivity', user: null });
    expect(deps.logout).toHaveBeenCalledTimes(1);
  });

  it('uses the spec defaults: warning 300,000 ms before a 3,570,000 ms timeout', () => {
    const { c, advance } = make();
    c.login(answer());
    advance(3_570_000 - 300_000 - 1_000);
    expect(c.snapshot.state).toBe('loggedIn');
    advance(1_000);
    expect(c.snapshot.state).toBe('inactivityWarning');
  });

  it('pings when the last ping is older than 120,000 ms and the tab is visible', async () => {
    const { c, deps, advance, setVisible } = make();
    c.login(answer());
    deps.ping.mockClear();
    advance(60_000);
    c.activity();
    advance(60_000);
    expect(deps.ping).not.toHaveBeenCalled();
    setVisible(false);
    advance(1_000);
    expect(deps.ping).not.toHaveBeenCalled();
    setVisible(true);
    advance(1_000);
    expect(deps.ping).toHaveBeenCalledTimes(1);
    await flush();
    expect(c.snapshot.state).toBe('loggedIn');
  });

  it('logs out when a ping answers 401, and moves to error on any other ping failure', async () => {
    const a = make();
    a.c.login(answer());
    a.deps.ping.mockRejectedValueOnce(new ApiError(401, {}));
    await a.c.ping();
    expect(a.c.snapshot).toMatchObject({ state: 'loggedOut', reason: 'ping' });

    const b = make();
    b.c.login(answer());
    b.deps.ping.mockRejectedValueOnce(new ApiError(503, {}));
    await b.c.ping();
    expect(b.c.snapshot.state).toBe('error');
    b.c.login(answer());
    expect(b.c.snapshot.state).toBe('error');
  });

  it('reloads the page when the visibility check finds another user', async () => {
    const { c, deps } = make();
    c.login(answer('u1'));
    deps.ping.mockResolvedValueOnce(answer('u2'));
    await c.visibilityCheck();
    expect(deps.reload).toHaveBeenCalledTimes(1);
  });

  it('clears the session on a 401 from any other call', () => {
    const { c } = make();
    c.login(answer());
    c.unauthorized();
    expect(c.snapshot).toMatchObject({ state: 'loggedOut', reason: 'unauthorized', user: null });
  });
});
