/** Meters as the server answers them to the meter screens, with the `__typename`s the cache needs. */

export const demoOrganization = {
  __typename: 'Organization',
  id: '10000000-0000-4000-8000-000000000001',
  name: 'Olo Demo',
  slug: 'olo-demo',
};

export const otherOrganization = {
  __typename: 'Organization',
  id: '10000000-0000-4000-8000-000000000002',
  name: 'Toinen Oy',
  slug: 'toinen',
};

export function channel(value: number, type: string, unit: string) {
  return { value, type, unit };
}

/** Minutes before now, as the server writes times. */
export function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

export function latestReading(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'MeterLatest',
    time: minutesAgo(5),
    data: {
      temperature: channel(21.46, 'Temperature', '°C'),
      humidity: channel(41.25, 'Humidity', '%RH'),
      co2: channel(612.6, 'CO2', 'ppm'),
    },
    battery: 3.61,
    vdd: 3.3,
    rssi: -115,
    snr: -10.5,
    spfact: 7,
    towers: 2,
    missed: 1,
    ...overrides,
  };
}

/** A meter with the fields of both the list and the page. */
export function testMeter(id: number, name: string | null, overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Meter',
    id,
    serial: `70b3d57ed00000${String(id).padStart(2, '0')}`,
    name,
    driver: 'elsys',
    active: true,
    inStorage: false,
    lastSeen: minutesAgo(5),
    batteryResetAt: null,
    currentUserIsAdmin: true,
    organization: demoOrganization,
    errors: { __typename: 'MeterErrors', missing: false, systemErrors: 0 },
    latest: latestReading(),
    description: null,
    location: 'Luokka 101',
    meta: { floor: '1' },
    intervalSeconds: 600,
    organizationSince: '2026-01-01T00:00:00.000Z',
    provider: 'tts',
    createdAt: minutesAgo(30 * 24 * 60),
    projects: [{ __typename: 'Project', id: 7, name: 'Koulun sisäilma', code: 'DEMO-1', timeZone: 'Europe/Helsinki' }],
    // Elsys has no command catalog: raw downlinks only.
    driverCommands: [],
    ...overrides,
  };
}

export const permissionDenied = () => ({
  data: null,
  errors: [{ message: 'Permission denied', extensions: { code: 'FORBIDDEN' } }],
});

/** The commands the server gives a Milesight meter (packages/drivers commandsOf). */
export const milesightCommands = [
  { __typename: 'DriverCommand', id: 'reboot', type: 'action', name: 'Reboot', interval: null },
  {
    __typename: 'DriverCommand',
    id: 'reporting-interval',
    type: 'interval',
    name: 'Set reporting interval',
    interval: { __typename: 'DriverCommandInterval', min: 60, max: 64_800 },
  },
];

/** …and a Decentlab meter. */
export const decentlabCommands = [
  { __typename: 'DriverCommand', id: 'reboot', type: 'action', name: 'Reboot', interval: null },
  {
    __typename: 'DriverCommand',
    id: 'reporting-interval',
    type: 'interval',
    name: 'Set reporting interval',
    interval: { __typename: 'DriverCommandInterval', min: 60, max: 65_535 },
  },
  {
    __typename: 'DriverCommand',
    id: 'reporting-interval-until-reboot',
    type: 'interval',
    name: 'Set reporting interval until restart',
    interval: { __typename: 'DriverCommandInterval', min: 60, max: 65_535 },
  },
];
