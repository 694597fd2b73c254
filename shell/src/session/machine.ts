/**
 * The session machine (spec product §4.6, platform §4): states loggedOut, loggedIn,
 * inactivityWarning and error. Any event the machine does not know moves it to error, which
 * lasts until the page is reloaded.
 */
export type SessionState = 'loggedOut' | 'loggedIn' | 'inactivityWarning' | 'error';

export type SessionEvent =
  | 'login'
  | 'logout'
  | 'inactivityTrigger'
  | 'userActivity'
  | 'inactivityTimeout'
  | 'pingGood'
  | 'pingBad';

export const SESSION_EVENTS: readonly SessionEvent[] = [
  'login',
  'logout',
  'inactivityTrigger',
  'userActivity',
  'inactivityTimeout',
  'pingGood',
  'pingBad',
];

const table: Record<SessionState, Partial<Record<SessionEvent, SessionState>>> = {
  loggedOut: {
    login: 'loggedIn',
    logout: 'loggedOut',
    pingBad: 'loggedOut',
    inactivityTimeout: 'loggedOut',
    userActivity: 'loggedOut',
    inactivityTrigger: 'loggedOut',
  },
  loggedIn: {
    login: 'loggedIn',
    logout: 'loggedOut',
    inactivityTrigger: 'inactivityWarning',
    userActivity: 'loggedIn',
    inactivityTimeout: 'loggedOut',
    pingGood: 'loggedIn',
    pingBad: 'loggedOut',
  },
  inactivityWarning: {
    login: 'loggedIn',
    logout: 'loggedOut',
    inactivityTrigger: 'inactivityWarning',
    userActivity: 'loggedIn',
    inactivityTimeout: 'loggedOut',
    pingGood: 'inactivityWarning',
    pingBad: 'loggedOut',
  },
  error: {},
};

export function transition(state: SessionState, event: string): SessionState {
  if (state === 'error') return 'error';
  if (!(SESSION_EVENTS as readonly string[]).includes(event)) return 'error';
  return table[state][event as SessionEvent] ?? state;
}

/** Spec platform §9 session constants. */
export const PING_CHECK_MS = 1000;
export const PING_AGE_MS = 120_000;
export const DEFAULT_WARNING_MS = 300_000;
export const DEFAULT_TIMEOUT_MS = 3_600_000 - 30_000;
export const ACTIVITY_EVENTS = ['scroll', 'click', 'keypress', 'touchstart', 'mousewheel', 'pointerdown'] as const;
