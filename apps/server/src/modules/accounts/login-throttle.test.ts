import { describe, expect, it } from 'vitest';
import { SlidingWindow } from '../../shared/rate-limits.ts';
import { LoginThrottle, loginAccountKey, loginDelay } from './login-throttle.ts';

describe('login throttle', () => {
  const account = loginAccountKey({ id: 'a1' }, 'anna');

  it('lets the first failures go, then delays each attempt twice as long as the last, up to the cap', () => {
    let now = 0;
    const throttle = new LoginThrottle(1, new SlidingWindow(() => now));
    for (let failure = 0; failure < loginDelay.freeFailures; failure++) {
      expect(throttle.waitMs(`10.0.0.${failure}`, account)).toBe(0);
      throttle.recordFailure(`10.0.0.${failure}`, account);
    }
    const waits: number[] = [];
    for (let failure = 0; failure < 12; failure++) {
      const wait = throttle.waitMs('10.0.0.99', account);
      waits.push(wait);
      now += wait;
      expect(throttle.waitMs('10.0.0.99', account)).toBe(0);
      throttle.recordFailure('10.0.0.99', account);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300].map((seconds) => seconds * 1000));
    // Another account is not slowed down.
    expect(throttle.waitMs('10.0.0.99', loginAccountKey({ id: 'b2' }, 'bertta'))).toBe(0);
  });

  it('forgets an account’s failures after a success, and after the window', () => {
    let now = 0;
    const throttle = new LoginThrottle(1, new SlidingWindow(() => now));
    for (let failure = 0; failure < 6; failure++) throttle.recordFailure('192.0.2.1', account);
    expect(throttle.waitMs('192.0.2.1', account)).toBeGreaterThan(0);
    now = loginDelay.windowMs + 1;
    expect(throttle.waitMs('192.0.2.1', account)).toBe(0);
    for (let failure = 0; failure < 6; failure++) throttle.recordFailure('192.0.2.1', account);
    throttle.recordSuccess(account);
    expect(throttle.waitMs('192.0.2.1', account)).toBe(0);
  });

  it('counts an unknown name by the name given, in any letter case', () => {
    expect(loginAccountKey(undefined, ' Anna ')).toBe(loginAccountKey(undefined, 'anna'));
    expect(loginAccountKey({ id: 'a1' }, 'anna')).not.toBe(loginAccountKey(undefined, 'anna'));
  });

  it('stops an IP that fails on many accounts, scaled by the IP factor', () => {
    const throttle = new LoginThrottle(0.1, new SlidingWindow(() => 0));
    for (let attempt = 0; attempt < 5; attempt++) throttle.recordFailure('192.0.2.1', `name:user${attempt}`);
    expect(throttle.waitMs('192.0.2.1', 'name:someone-new')).toBeGreaterThan(0);
    expect(throttle.waitMs('192.0.2.2', 'name:someone-new')).toBe(0);
  });
});
