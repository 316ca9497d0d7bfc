export { type BatteryRule, type BatteryState, batteryRule, batteryState, lowVoltageThreshold } from './battery.ts';
export {
  type DriverCommand,
  decentlabCommands,
  type EncodedDownlink,
  milesightCommandPort,
  milesightCommands,
} from './commands.ts';
export {
  createDecentlabPr26Driver,
  decentlabDlr2002Driver,
  decentlabDrivers,
  decentlabIamDriver,
  decentlabLp8pDriver,
  decentlabPmDriver,
  decentlabPr26Driver,
  decentlabSht35Driver,
  type Pr26Range,
} from './decentlab.ts';
export { crc16Modbus, decentlabDownlinkCodec } from './decentlab-downlink.ts';
export { elsysDriver } from './elsys.ts';
export { decodeJsonObject, genericJsonDriver, type ObjectDecodingDriver } from './generic-json.ts';
export {
  milesightAm103Driver,
  milesightAm107Driver,
  milesightAm307Driver,
  milesightAm319Driver,
  milesightDrivers,
  milesightEm300ThDriver,
  milesightEm500Co2Driver,
  milesightWs202Driver,
} from './milesight.ts';
export { commandsOf, type DriverSummary, driverForDevice, drivers, findDriver, listDrivers } from './registry.ts';
export { internalErrorPrefix } from './results.ts';
export type {
  Channel,
  DecodeFailure,
  DecodeResult,
  DecodeSuccess,
  DeviceHealth,
  DeviceIdentity,
  DownlinkCodec,
  DownlinkCommand,
  DownlinkDecodeResult,
  Driver,
  EncodableValues,
  TimedReading,
} from './types.ts';
