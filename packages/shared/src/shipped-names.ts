import type { Language } from './languages.ts';

/**
 * The names of the colours and limits Olo ships, in fi, sv and en (decision 0166). A shipped row stores its stable
 * key (`nameKey`) and is named at display in the reader's language; a name someone typed has no key and shows as
 * typed. A new shipped colour or limit adds its key here and sets it in its migration.
 */
export const shippedNames = {
  'color.blue': { fi: 'Sininen', sv: 'Blå', en: 'Blue' },
  'color.vermilion': { fi: 'Punaoranssi', sv: 'Cinnoberröd', en: 'Vermilion' },
  'color.bluishGreen': { fi: 'Sinivihreä', sv: 'Blågrön', en: 'Bluish green' },
  'color.reddishPurple': { fi: 'Punavioletti', sv: 'Rödlila', en: 'Reddish purple' },
  'color.orange': { fi: 'Oranssi', sv: 'Orange', en: 'Orange' },
  'color.skyBlue': { fi: 'Taivaansininen', sv: 'Himmelsblå', en: 'Sky blue' },
  'color.black': { fi: 'Musta', sv: 'Svart', en: 'Black' },
  'color.excellent': { fi: 'Erinomainen', sv: 'Utmärkt', en: 'Excellent' },
  'color.good': { fi: 'Hyvä', sv: 'Bra', en: 'Good' },
  'color.satisfactory': { fi: 'Tyydyttävä', sv: 'Tillfredsställande', en: 'Satisfactory' },
  'color.poor': { fi: 'Huono', sv: 'Dålig', en: 'Poor' },
  'color.cold': { fi: 'Kylmä', sv: 'Kall', en: 'Cold' },
  'color.dry': { fi: 'Kuiva', sv: 'Torr', en: 'Dry' },
  'limit.co2S2': {
    fi: 'CO2 S2 (Sisäilmastoluokitus 2018)',
    sv: 'CO2 S2 (Inneklimatklassificering 2018)',
    en: 'CO2 S2 (Indoor Climate Classification 2018)',
  },
  'limit.co2S1': {
    fi: 'CO2 S1 (Sisäilmastoluokitus 2018)',
    sv: 'CO2 S1 (Inneklimatklassificering 2018)',
    en: 'CO2 S1 (Indoor Climate Classification 2018)',
  },
  'limit.co2S3': {
    fi: 'CO2 S3 (Sisäilmastoluokitus 2018)',
    sv: 'CO2 S3 (Inneklimatklassificering 2018)',
    en: 'CO2 S3 (Indoor Climate Classification 2018)',
  },
  'limit.temperatureS2': {
    fi: 'Lämpötila S2, lämmityskausi',
    sv: 'Temperatur S2, uppvärmningssäsong',
    en: 'Temperature S2, heating season',
  },
  'limit.temperatureS1': {
    fi: 'Lämpötila S1, lämmityskausi',
    sv: 'Temperatur S1, uppvärmningssäsong',
    en: 'Temperature S1, heating season',
  },
  'limit.temperatureS3': {
    fi: 'Lämpötila S3, lämmityskausi (STM 545/2015)',
    sv: 'Temperatur S3, uppvärmningssäsong (SHM 545/2015)',
    en: 'Temperature S3, heating season (STM 545/2015)',
  },
  'limit.indoorHumidity': {
    fi: 'Sisäilman kosteus 20–60 %',
    sv: 'Inomhusluftens fuktighet 20–60 %',
    en: 'Indoor humidity 20–60 %',
  },
  'limit.indoorHumidityS1': {
    fi: 'Sisäilman kosteus S1 25–45 % (Sisäilmastoluokitus 2008)',
    sv: 'Inomhusluftens fuktighet S1 25–45 % (Inneklimatklassificering 2008)',
    en: 'Indoor humidity S1 25–45 % (Indoor Climate Classification 2008)',
  },
  'limit.drying85': {
    fi: 'Rakenteen kuivuminen: pinnoitus 85 % RH:ssa',
    sv: 'Konstruktionens uttorkning: beläggning vid 85 % RF',
    en: 'Structure drying: coverings at 85 % RH',
  },
  'limit.drying80': {
    fi: 'Rakenteen kuivuminen: pinnoitus 80 % RH:ssa',
    sv: 'Konstruktionens uttorkning: beläggning vid 80 % RF',
    en: 'Structure drying: coverings at 80 % RH',
  },
  'limit.envelopePressure': {
    fi: 'Rakennuksen vaipan paine-ero',
    sv: 'Tryckskillnad över klimatskärmen',
    en: 'Building envelope pressure difference',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ShippedNameKey = keyof typeof shippedNames;

export function isShippedNameKey(key: unknown): key is ShippedNameKey {
  return typeof key === 'string' && Object.hasOwn(shippedNames, key);
}

/** A colour or limit as it is named: a typed name, or a shipped one's key. */
export interface Named {
  name: string;
  nameKey?: string | null;
}

/** What a colour or limit is called in `language`: a shipped one's name in that language, a typed one as typed. */
export function displayName(item: Named, language: string): string {
  if (!isShippedNameKey(item.nameKey)) return item.name;
  const names: Record<Language, string> = shippedNames[item.nameKey];
  return names[language as Language] ?? names.fi;
}

/**
 * Whether `name` is one of the shipped names of `key` in any language: a form that shows a shipped name in the
 * editor's language and sends it back unchanged keeps the row shipped (named in every language).
 */
export function isShippedName(key: string | null | undefined, name: string): boolean {
  if (!isShippedNameKey(key)) return false;
  const names: string[] = Object.values(shippedNames[key]);
  return names.includes(name.trim());
}
