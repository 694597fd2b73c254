import { describe, expect, it } from 'vitest';
import { ACTIVITY_EVENTS, DEFAULT_TIMEOUT_MS, DEFAULT_WARNING_MS, PING_AGE_MS, PING_CHECK_MS, transition } from './machine';

describe('session machine', () => {
  it('follows the spec transitions', () => {
    expect(transition('loggedOut', 'login')).toBe('loggedIn');
    expect(transition('loggedIn', 'logout')).toBe('loggedOut');
    expect(transition('loggedIn', 'inactivityTrigger')).toBe('inactivityWarning');
    expect(transition('inactivityWarning', 'userActivity')).toBe('loggedIn');
    expect(transition('inactivityWarning', 'inactivityTimeout')).toBe('loggedOut');
    expect(transition('loggedIn', 'inactivityTimeout')).toBe('loggedOut');
    expect(transition('loggedIn', 'pingGood')).toBe('loggedIn');
    expect(transition('inactivityWarning', 'pingGood')).toBe('inactivityWarning');
    expect(transition('loggedIn', 'pingBad')).toBe('loggedOut');
    expect(transition('inactivityWarning', 'logout')).toBe('loggedOut');
  });

  it('moves to error on any unknown event, and stays there until reload', () => {
    expect(transition('loggedIn', 'pingError')).toBe('error');
    expect(transition('loggedOut', 'somethingElse')).toBe('error');
    expect(transition('error', 'login')).toBe('error');
    expect(transition('error', 'logout')).toBe('error');
  });

  it('carries the spec constants', () => {
    expect(PING_CHECK_MS).toBe(1000);
    expect(PING_AGE_MS).toBe(120_000);
    expect(DEFAULT_WARNING_MS).toBe(300_000);
    expect(DEFAULT_TIMEOUT_MS).toBe(3_600_000 - 30_000);
    expect([...ACTIVITY_EVENTS]).toEqual(['scroll', 'click', 'keypress', 'touchstart', 'mousewheel', 'pointerdown']);
  });
});
