import { describe, expect, it } from 'vitest';
import { LoginThrottle } from './login-throttle.ts';

describe('login throttle', () => {
  const limits = { perUsername: 3, perIp: 5, windowMs: 60_000 };

  it('blocks a username after its failures, in any letter case, until the window passes', () => {
    let now = 0;
    const throttle = new LoginThrottle(limits, () => now);
    for (let attempt = 0; attempt < 3; attempt++) throttle.recordFailure(`10.0.0.${attempt}`, 'Anna');
    expect(throttle.isBlocked('10.0.0.9', 'anna')).toBe(true);
    expect(throttle.isBlocked('10.0.0.9', 'bertta')).toBe(false);
    now = 60_001;
    expect(throttle.isBlocked('10.0.0.9', 'anna')).toBe(false);
  });

  it('blocks an IP that tries many usernames', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    for (let attempt = 0; attempt < 5; attempt++) throttle.recordFailure('192.0.2.1', `user${attempt}`);
    expect(throttle.isBlocked('192.0.2.1', 'someone-new')).toBe(true);
    expect(throttle.isBlocked('192.0.2.2', 'someone-new')).toBe(false);
  });

  it('forgets a username’s failures after a successful login', () => {
    const throttle = new LoginThrottle(limits, () => 0);
    throttle.recordFailure('192.0.2.1', 'anna');
    throttle.recordFailure('192.0.2.1', 'anna');
    throttle.recordSuccess('anna');
    throttle.recordFailure('192.0.2.1', 'anna');
    expect(throttle.isBlocked('192.0.2.3', 'anna')).toBe(false);
  });
});
