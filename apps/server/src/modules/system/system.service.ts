import {
  defaultLanguage,
  type Language,
  languages,
  measurementDecimals,
  measurementNames,
  measurementTypesInOrder,
  measurementUnits,
  tenancyBounds,
} from '@olo/shared';

/** A measurement type as clients list it: its unit, decimals, names and place in the shared sort order. */
export interface MeasurementTypeInfo {
  type: string;
  unit: string;
  decimals: number;
  /** 0 first: the priority types (Temperature, Humidity, CO2, Paine-ero), then the spec's list. */
  order: number;
  names: Record<Language, string>;
}

/** The instance's public settings (spec 7, system variables). Never a secret: anybody may read them. */
export interface SystemVariables {
  siteName: string;
  version: string;
  publicUrl: string;
  defaultLanguage: Language;
  languages: readonly Language[];
  /** IANA zone of times shown without a project (TIME_ZONE). */
  timeZone: string;
  contactEmail: string | null;
  contactPhone: string | null;
  /** Bytes of one uploaded file (attachments, logos, cover images). */
  maxUploadBytes: number;
  /** The embedded MQTT broker's port; null with an external broker. */
  mqttPort: number | null;
  /** Values (slots × series) above which a data export runs in the background. */
  exportBackgroundCells: number;
}

const measurementTypeList: readonly MeasurementTypeInfo[] = measurementTypesInOrder.map((type, order) => ({
  type,
  unit: measurementUnits[type],
  decimals: measurementDecimals(type),
  order,
  names: measurementNames[type],
}));

/** Facts of the instance and of Olo's measurement types that clients would otherwise hard-code. */
export class SystemService {
  /** Read when asked: the broker, started after the services, knows its port only then. */
  constructor(
    private readonly configured: () => Omit<SystemVariables, 'defaultLanguage' | 'languages' | 'maxUploadBytes'>,
  ) {}

  variables(): SystemVariables {
    return {
      ...this.configured(),
      defaultLanguage,
      languages,
      maxUploadBytes: tenancyBounds.attachmentMaxBytes,
    };
  }

  measurementTypes(): readonly MeasurementTypeInfo[] {
    return measurementTypeList;
  }
}
