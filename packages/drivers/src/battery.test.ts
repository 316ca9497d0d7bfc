import { describe, expect, it } from 'vitest';
import { batteryRule, batteryState } from './battery.ts';

describe('battery states by driver', () => {
  it.each([
    ['elsys', 3.61, 'ok'],
    ['elsys', 3.3, 'medium'],
    ['elsys', 3.1, 'low'],
    ['decentlab-dl-pr26', 3.199, 'ok'],
    ['decentlab-dl-pr26', 2.8, 'medium'],
    ['milesight-am307', 92, 'ok'],
    ['milesight-am307', 20, 'medium'],
    ['milesight-em500-co2', 9, 'low'],
  ] as const)('%s at %d is %s', (driver, value, state) => {
    expect(batteryState(driver, value)).toBe(state);
  });

  it('has no state without a rule or a value', () => {
    expect(batteryState('json', 3)).toBeNull();
    expect(batteryState('elsys', null)).toBeNull();
    expect(batteryRule(null)).toBeUndefined();
  });
});
