import { builder } from '../../graphql/builder.ts';
import type { MeasurementTypeInfo, SystemVariables } from './system.service.ts';

const MeasurementTypeNamesRef = builder.objectRef<MeasurementTypeInfo['names']>('MeasurementTypeNames').implement({
  description: "A measurement type's name in each interface language.",
  fields: (t) => ({ fi: t.exposeString('fi'), sv: t.exposeString('sv'), en: t.exposeString('en') }),
});

const MeasurementTypeRef = builder.objectRef<MeasurementTypeInfo>('MeasurementType').implement({
  description: 'A measurement type (spec section 3): series, meter channels and datasource functions name one.',
  fields: (t) => ({
    type: t.exposeString('type', { description: 'The id, as series and readings carry it in dataType.' }),
    unit: t.exposeString('unit', { description: "Values of the type are stored in this unit; '' for none." }),
    decimals: t.exposeInt('decimals', { description: 'Decimals a value is shown with (spec section 5).' }),
    order: t.exposeInt('order', {
      description: 'Place in the shared sort order, 0 first: Temperature, Humidity, CO2, Paine-ero, then the rest.',
    }),
    names: t.field({ type: MeasurementTypeNamesRef, resolve: (info) => info.names }),
  }),
});

const SystemVariablesRef = builder.objectRef<SystemVariables>('SystemVariables').implement({
  description: "The instance's public settings (spec section 7); none of them is a secret.",
  fields: (t) => ({
    siteName: t.exposeString('siteName'),
    version: t.exposeString('version', { description: "The server's release version." }),
    publicUrl: t.exposeString('publicUrl', { description: 'Where users reach this instance (PUBLIC_URL).' }),
    defaultLanguage: t.exposeString('defaultLanguage'),
    languages: t.exposeStringList('languages', { description: 'Interface languages, the default first.' }),
    timeZone: t.exposeString('timeZone', { description: 'IANA zone of times shown outside a project.' }),
    contactEmail: t.exposeString('contactEmail', { nullable: true }),
    contactPhone: t.exposeString('contactPhone', { nullable: true }),
    maxUploadBytes: t.exposeInt('maxUploadBytes', { description: 'Largest file one upload may be, in bytes.' }),
    mqttPort: t.exposeInt('mqttPort', {
      nullable: true,
      description: 'Port of the embedded MQTT broker for network servers; null with an external broker.',
    }),
    exportBackgroundCells: t.exposeInt('exportBackgroundCells', {
      description: 'Values (slots × series) above which a data export runs in the background.',
    }),
  }),
});

builder.queryFields((t) => ({
  measurementTypes: t.field({
    type: [MeasurementTypeRef],
    description: 'Every measurement type Olo knows, in the shared sort order. Open to anybody.',
    resolve: (_root, _args, context) => [...context.services.system.measurementTypes()],
  }),
  systemVariables: t.field({
    type: SystemVariablesRef,
    description: "The instance's public settings. Open to anybody.",
    resolve: (_root, _args, context) => context.services.system.variables(),
  }),
}));
