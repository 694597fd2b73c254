/**
 * Runs the session machine against time and the server: the 1-second timer that pings when
 * the last ping is older than the ping age and the tab is visible, the inactivity warning and
 * timeout, the visibility check that reloads the page when another user logged in meanwhile.
 */
import { ApiError, isCancelled, setCsrfToken, type SessionAnswer, type User } from '@its/kit';
import {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_WARNING_MS,
  PING_AGE_MS,
  PING_CHECK_MS,
  transition,
  type SessionState,
} from './machine';

export type LogoutReason = 'manual' | 'inactivity' | 'unauthorized' | 'ping';

export interface SessionSnapshot {
  state: SessionState;
  user: User | null;
  /** The first session check (on page load) has answered. */
  checked: boolean;
  reason?: LogoutReason;
  /** While warning: when the inactivity timeout logs the user out (epoch ms). */
  deadline?: number;
}

export interface SessionDeps {
  ping: () => Promise<SessionAnswer>;
  logout: () => Promise<unknown>;
  now?: () => number;
  visible?: () => boolean;
  reload?: () => void;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export interface SessionTimings {
  userTimeoutMs?: number;
  userWarningMs?: number;
  pingIntervalMs?: number;
}

export class SessionController {
  private snap: SessionSnapshot = { state: 'loggedOut', user: null, checked: false };
  private listeners = new Set<() => void>();
  private timer: unknown = null;
  private pinging: Promise<void> | null = null;
  private readonly deps: Required<SessionDeps>;
  timeoutMs = DEFAULT_TIMEOUT_MS;
  warningMs = DEFAULT_WARNING_MS;
  pingAgeMs = PING_AGE_MS;
  lastPing = 0;
  lastActivity = 0;

  constructor(deps: SessionDeps) {
    this.deps = {
      now: () => Date.now(),
      visible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
      reload: () => window.location.reload(),
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
      ...deps,
    };
  }

  get snapshot(): SessionSnapshot {
    return this.snap;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snap;

  private update(p: Partial<SessionSnapshot>) {
    this.snap = { ...this.snap, ...p };
    for (const l of [...this.listeners]) l();
  }

  /** Feeds one event to the machine; answers the new state. */
  send(event: string, extra: Partial<SessionSnapshot> = {}): SessionState {
    const state = transition(this.snap.state, event);
    const p: Partial<SessionSnapshot> = { ...extra, state };
    if (state === 'loggedOut') {
      p.user = null;
      p.deadline = undefined;
    }
    if (state === 'inactivityWarning') p.deadline = this.lastActivity + this.timeoutMs;
    if (state === 'loggedIn') p.deadline = undefined;
    this.update(p);
    return state;
  }

  configure(t: SessionTimings) {
    if (t.userTimeoutMs && t.userTimeoutMs > 0) this.timeoutMs = t.userTimeoutMs;
    if (t.userWarningMs && t.userWarningMs > 0) this.warningMs = Math.min(t.userWarningMs, this.timeoutMs);
    if (t.pingIntervalMs && t.pingIntervalMs > 0) this.pingAgeMs = t.pingIntervalMs;
  }

  /** Page load: is there a session already? */
  async restore(): Promise<void> {
    try {
      const answer = await this.deps.ping();
      this.login(answer);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 401) console.error('Cannot load app', e);
      this.update({ checked: true });
    } finally {
      if (!this.snap.checked) this.update({ checked: true });
    }
  }

  login(answer: SessionAnswer) {
    const now = this.deps.now();
    this.lastPing = now;
    this.lastActivity = now;
    setCsrfToken(answer.csrfToken);
    this.send('login', { user: answer.user, reason: undefined, checked: true });
  }

  get loggedIn() {
    return this.snap.state === 'loggedIn' || this.snap.state === 'inactivityWarning';
  }

  start() {
    if (this.timer !== null) return;
    this.timer = this.deps.setInterval(() => this.tick(), PING_CHECK_MS);
  }

  stop() {
    if (this.timer !== null) this.deps.clearInterval(this.timer);
    this.timer = null;
  }

  /** One of the activity events happened. */
  activity() {
    if (!this.loggedIn) return;
    this.lastActivity = this.deps.now();
    if (this.snap.state === 'inactivityWarning') {
      this.send('userActivity');
      // Staying logged in should keep the server's idle clock in step too.
      void this.ping();
    }
  }

  tick() {
    if (!this.loggedIn) return;
    const now = this.deps.now();
    const idle = now - this.lastActivity;
    if (idle >= this.timeoutMs) {
      this.send('inactivityTimeout', { reason: 'inactivity' });
      this.deps.logout().catch(() => {});
      return;
    }
    if (this.snap.state === 'loggedIn' && idle >= this.timeoutMs - this.warningMs) this.send('inactivityTrigger');
    if (now - this.lastPing > this.pingAgeMs && this.deps.visible()) void this.ping();
  }

  /** Keepalive; a different user in the answer means another login happened in this browser. */
  ping(): Promise<void> {
    if (this.pinging) return this.pinging;
    this.lastPing = this.deps.now();
    const run = async () => {
      try {
        const answer = await this.deps.ping();
        if (!this.loggedIn) return;
        if (this.snap.user && answer.user && answer.user.id !== this.snap.user.id) {
          this.deps.reload();
          return;
        }
        setCsrfToken(answer.csrfToken);
        this.send('pingGood', answer.user ? { user: answer.user } : {});
      } catch (e) {
        if (isCancelled(e) || !this.loggedIn) return;
        if (e instanceof ApiError && e.status === 401) this.send('pingBad', { reason: 'ping' });
        else this.send('pingError');
      } finally {
        this.pinging = null;
      }
    };
    this.pinging = run();
    return this.pinging;
  }

  /** The tab became visible again: check who is logged in now. */
  visibilityCheck(): Promise<void> {
    if (!this.loggedIn || !this.deps.visible()) return Promise.resolve();
    return this.ping();
  }

  /** A call other than the session call answered 401. */
  unauthorized() {
    if (this.loggedIn) this.send('logout', { reason: 'unauthorized' });
  }

  async logout(reason: LogoutReason = 'manual') {
    this.send('logout', { reason });
    await this.deps.logout().catch(() => {});
  }
}
