import { describe, expect, it } from 'vitest';
import { commonDriverCommands, type DriverCommandOption, minutesWithin } from './driverCommands.ts';

const reboot: DriverCommandOption = { id: 'reboot', type: 'action', name: 'Reboot', interval: null };
const milesightInterval: DriverCommandOption = {
  id: 'reporting-interval',
  type: 'interval',
  name: 'Set reporting interval',
  interval: { min: 60, max: 64_800 },
};
const decentlabInterval: DriverCommandOption = {
  ...milesightInterval,
  interval: { min: 60, max: 65_535 },
};
const decentlabTrial: DriverCommandOption = { ...decentlabInterval, id: 'reporting-interval-until-reboot' };

describe('the commands a bulk action offers', () => {
  it('offers only what every selected meter has, with the interval every one of them accepts', () => {
    expect(
      commonDriverCommands([
        [reboot, milesightInterval],
        [reboot, decentlabInterval, decentlabTrial],
      ]),
    ).toEqual([reboot, { ...milesightInterval, interval: { min: 60, max: 64_800 } }]);
  });

  it('offers nothing when one meter has no commands, or none are selected', () => {
    expect(commonDriverCommands([[reboot, milesightInterval], []])).toEqual([]);
    expect(commonDriverCommands([])).toEqual([]);
  });

  it('gives the whole minutes of a range of seconds', () => {
    expect(minutesWithin({ min: 60, max: 65_535 })).toEqual({ min: 1, max: 1092 });
    expect(minutesWithin({ min: 90, max: 64_800 })).toEqual({ min: 2, max: 1080 });
  });
});
