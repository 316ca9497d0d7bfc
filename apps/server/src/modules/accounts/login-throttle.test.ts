import { describe, expect, it } from 'vitest';
import { SlidingWindow } from '../../shared/rate-limits.ts';
import { LoginThrottle, loginAccountKey, loginDelay, maxDeviceEntries } from './login-throttle.ts';

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

  it('judges an attempt with a device cookie by that device’s failures alone', () => {
    let now = 0;
    const throttle = new LoginThrottle(1, new SlidingWindow(() => now));
    for (let failure = 0; failure < 12; failure++) {
      now += throttle.waitMs('198.51.100.7', account);
      throttle.recordFailure('198.51.100.7', account);
    }
    expect(throttle.waitMs('192.0.2.1', account)).toBeGreaterThan(0);
    expect(throttle.waitMs('192.0.2.1', account, 'laptop')).toBe(0);
    for (let failure = 0; failure < loginDelay.freeFailures; failure++)
      throttle.recordFailure('192.0.2.1', account, 'laptop');
    expect(throttle.waitMs('192.0.2.1', account, 'laptop')).toBe(loginDelay.firstDelayMs);
    expect(throttle.waitMs('192.0.2.1', account, 'phone')).toBe(0);
    // The device's success clears its own count, not the account's, which guessers built.
    throttle.recordSuccess(account, 'laptop');
    expect(throttle.waitMs('192.0.2.1', account, 'laptop')).toBe(0);
    expect(throttle.waitMs('192.0.2.1', account)).toBeGreaterThan(0);
  });

  it('forgets the account’s and its devices’ failures on a reset, and no other account’s', () => {
    const throttle = new LoginThrottle(1, new SlidingWindow(() => 0));
    const other = loginAccountKey({ id: 'b2' }, 'bertta');
    for (let failure = 0; failure < loginDelay.freeFailures; failure++) {
      throttle.recordFailure(undefined, account);
      throttle.recordFailure(undefined, account, 'laptop');
      throttle.recordFailure(undefined, other, 'laptop');
    }
    throttle.clearAccount(account);
    expect(throttle.waitMs(undefined, account)).toBe(0);
    expect(throttle.waitMs(undefined, account, 'laptop')).toBe(0);
    expect(throttle.waitMs(undefined, other, 'laptop')).toBeGreaterThan(0);
  });

  it('keeps at most maxDeviceEntries devices, dropping the one that failed longest ago', () => {
    const throttle = new LoginThrottle(1, new SlidingWindow(() => 0));
    for (let failure = 0; failure < loginDelay.freeFailures; failure++)
      throttle.recordFailure(undefined, account, 'first');
    for (let device = 0; device < maxDeviceEntries + 100; device++) {
      throttle.recordFailure(undefined, loginAccountKey({ id: `u${device}` }, ''), 'minted');
    }
    expect(throttle.deviceEntries).toBe(maxDeviceEntries);
    expect(throttle.waitMs(undefined, account, 'first')).toBe(0);
  });
});
