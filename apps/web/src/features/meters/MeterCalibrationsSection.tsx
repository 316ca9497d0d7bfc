/**
 * Conversions and calibrations of the meter's channels.
 *
 * TODO: the server API for these is being built (mutations createConversion, deleteConversion, createCalibration,
 * updateCalibration, deleteCalibration, testCalibration; Meter fields conversions and calibrations). Once the schema
 * has them, this section lists them, edits them and offers the test button, and MeterPage renders it for the meter's
 * administrators. Until that is wired in it renders nothing and MeterPage leaves it out.
 */
export function MeterCalibrationsSection(_props: { meterId: number }) {
  return null;
}
