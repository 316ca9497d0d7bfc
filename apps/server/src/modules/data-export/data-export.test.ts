import { type DataExportQuery, type DataFilter, exportUrl } from '@olo/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createProject, signedInClient } from '../../testing/factories.ts';
import { testDatabases } from '../../testing/test-databases.ts';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import { type DataService, StaleDataIdError } from '../data/data.service.ts';
import { ReadingsRepository, type SeriesValue } from '../ingest/readings.repository.ts';
import { type ExportTable, writeCsv } from './data-export.files.ts';
import { DataExportService, seriesHeading } from './data-export.service.ts';

const zone = 'Europe/Helsinki';
const hourMs = 3_600_000;
// Saturday 24 to Monday 26 October 2026 in Helsinki; Sunday the 25th has 25 hours (clocks go back at 04:00).
const from = Date.parse('2026-10-23T21:00:00Z');
const to = Date.parse('2026-10-26T21:59:59.999Z');

/** The wall clock of Helsinki, asked of Intl here rather than of the code under test. */
const wallParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: zone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  weekday: 'short',
});
function wall(instant: number) {
  const parts = Object.fromEntries(wallParts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday as string) + 1,
  };
}
const two = (value: number) => String(value).padStart(2, '0');
function fiTime(instant: number) {
  const w = wall(instant);
  return `${w.day}.${w.month}.${w.year} ${two(w.hour)}:${two(w.minute)}`;
}
function isoTime(instant: number) {
  const w = wall(instant);
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`;
}

type Mode = 'avg' | 'min' | 'max';
interface Expected {
  /** Slot starts (epoch ms) that are kept, ascending. */
  slots: number[];
  /** Per series id: slot start → value by mode. */
  values: Map<number, Map<number, number>>;
  stats: Map<number, { min: number; avg: number; max: number; count: number }>;
}

/**
 * The view computed here from the raw values: Helsinki's midnights are whole UTC hours, so hour
 * slots are plain UTC hours; a slot is kept when `keep` says so (the filter, by the wall clock).
 */
function expectedView(
  values: SeriesValue[],
  seriesIds: number[],
  mode: Mode,
  keep: (slot: number) => boolean,
): Expected {
  const slots: number[] = [];
  for (let slot = from; slot <= to; slot += hourMs) if (keep(slot)) slots.push(slot);
  const kept = new Set(slots);
  const values_ = new Map<number, Map<number, number>>();
  const stats = new Map<number, { min: number; avg: number; max: number; count: number }>();
  for (const id of seriesIds) {
    const bySlot = new Map<number, number[]>();
    for (const value of values) {
      if (value.seriesId !== id) continue;
      const slot = Math.floor(value.time.getTime() / hourMs) * hourMs;
      if (!kept.has(slot)) continue;
      bySlot.set(slot, [...(bySlot.get(slot) ?? []), value.value]);
    }
    const out = new Map<number, number>();
    for (const [slot, list] of bySlot) {
      out.set(
        slot,
        mode === 'min'
          ? Math.min(...list)
          : mode === 'max'
            ? Math.max(...list)
            : list.reduce((a, b) => a + b, 0) / list.length,
      );
    }
    values_.set(id, out);
    const all = [...bySlot.values()].flat();
    if (all.length > 0) {
      stats.set(id, {
        min: Math.min(...all),
        avg: all.reduce((a, b) => a + b, 0) / all.length,
        max: Math.max(...all),
        count: all.length,
      });
    }
  }
  return { slots, values: values_, stats };
}

/** A CSV as rows of fields (RFC 4180, as the files are written), after checking the BOM. */
function parseCsv(text: string, separator: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  expect(field).toBe('');
  expect(row).toEqual([]);
  return rows;
}

/** A value as written with `decimals` and the language's separator, equal to `exact` once rounded. */
function expectNumber(text: string | undefined, exact: number | undefined, decimals: number, decimal: string) {
  if (exact === undefined) {
    expect(text).toBe('');
    return;
  }
  const pattern = decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\${decimal}\\d{${decimals}}$`);
  expect(text).toMatch(pattern);
  const value = Number((text as string).replace(decimal, '.'));
  // Rounded to the type's decimals (the database sums in another order than this test: at most a last-digit tie).
  expect(Math.abs(value - exact)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
}

describe.each(testDatabases)('the data export on %s', (kind) => {
  let olo: TestServer;
  let admin: TestClient;
  let projectId: number;
  const ids = { temperature: 0, pressure: 0, co2: 0 };
  const stored: SeriesValue[] = [];
  const sql = () => olo.server.database.sql;
  const url = (query: Partial<DataExportQuery> & { format?: 'csv' | 'xlsx'; projectId?: number } = {}) =>
    exportUrl({
      projectId: query.projectId ?? projectId,
      format: query.format ?? 'csv',
      from: query.from ?? from,
      to: query.to ?? to,
      slot: query.slot ?? 3600,
      mode: query.mode ?? 'avg',
      nulls: query.nulls ?? false,
      filters: query.filters ?? [],
      lang: query.lang ?? 'fi',
    });

  beforeAll(async () => {
    olo = await startTestServer(kind);
    ({ client: admin } = await signedInClient(olo.url));
    const organization = await createOrganization(admin);
    const project = await createProject(admin, organization.id, { timeZone: zone, name: 'Koulu "Ä"/1' });
    projectId = project.id;
    const [yard, cellar] = await sql()<Array<{ id: number }>>`
      insert into spaces (project_id, name, show) values (${projectId}, 'Piha', true), (${projectId}, 'Kellari', false)
      returning id`;
    const series = await sql()<Array<{ id: number }>>`
      insert into series (project_id, space_id, name, data_type, data_unit)
      values (${projectId}, ${yard?.id as number}, 'Lämpötila', 'Temperature', '°C'),
             (${projectId}, ${yard?.id as number}, '=Paine-ero; "ulko"', 'Differential pressure', 'Pa'),
             (${projectId}, ${cellar?.id as number}, 'Hiilidioksidi', 'CO2', 'ppm')
      returning id`;
    ids.temperature = series[0]?.id as number;
    ids.pressure = series[1]?.id as number;
    ids.co2 = series[2]?.id as number;
    // Every 7 minutes from Friday evening to Tuesday morning, negative temperatures among them; no
    // values at all from 02:00 to 05:00 UTC on Monday, and no CO2 on Sunday afternoon.
    for (
      let t = Date.parse('2026-10-23T18:00:00Z'), i = 0;
      t < Date.parse('2026-10-27T06:00:00Z');
      t += 7 * 60_000, i++
    ) {
      if (t >= Date.parse('2026-10-26T02:00:00Z') && t < Date.parse('2026-10-26T05:00:00Z')) continue;
      const time = new Date(t);
      stored.push({ seriesId: ids.temperature, time, value: Math.round((1 + 4 * Math.sin(i / 11)) * 1000) / 1000 });
      stored.push({ seriesId: ids.pressure, time, value: Math.round((-3 + Math.cos(i / 5) * 2.5) * 10000) / 10000 });
      if (!(t >= Date.parse('2026-10-25T12:00:00Z') && t < Date.parse('2026-10-25T15:00:00Z'))) {
        stored.push({ seriesId: ids.co2, time, value: 400 + ((i * 37) % 500) + 0.25 });
      }
    }
    const readings = new ReadingsRepository(sql());
    await readings.transaction(async (tx) => {
      await readings.ensureSeriesMonths(
        tx,
        stored.map((value) => value.time),
      );
      await readings.insertSeriesValues(tx, stored);
    });
  });
  afterAll(() => olo?.close());

  const allIds = () => [ids.temperature, ids.co2, ids.pressure];
  const decimalsOf = (id: number) => (id === ids.co2 ? 0 : id === ids.pressure ? 2 : 1);

  /** Checks a CSV against the view computed from the raw values. */
  function expectCsv(
    text: string,
    options: {
      lang: 'fi' | 'sv' | 'en';
      mode: Mode;
      nulls: boolean;
      keep: (slot: number) => boolean;
      seriesIds?: number[];
    },
  ) {
    const seriesIds = options.seriesIds ?? allIds();
    const separator = options.lang === 'en' ? ',' : ';';
    const decimal = options.lang === 'en' ? '.' : ',';
    const rows = parseCsv(text, separator);
    const expected = expectedView(stored, seriesIds, options.mode, options.keep);
    const headings: Record<number, string> = {
      [ids.temperature]: 'Piha / Lämpötila (°C)',
      [ids.pressure]: `Piha / =Paine-ero; "ulko" (Pa)`,
      [ids.co2]: 'Kellari / Hiilidioksidi (ppm)',
    };
    const timeHeading = { fi: 'Aika', sv: 'Tid', en: 'Time' }[options.lang];
    // Text that a spreadsheet would run as a formula is written with a leading apostrophe.
    expect(rows[0]).toEqual([
      `${timeHeading} (${zone})`,
      ...seriesIds.map((id) => (headings[id]?.startsWith('=') ? `'${headings[id]}` : headings[id])),
    ]);
    const blank = rows.findIndex((row) => row.length === 1 && row[0] === '');
    const dataRows = rows.slice(1, blank);
    const slots = expected.slots.filter(
      (slot) => options.nulls || seriesIds.some((id) => expected.values.get(id)?.has(slot)),
    );
    expect(dataRows.map((row) => row[0])).toEqual(
      slots.map((slot) => (options.lang === 'fi' ? fiTime(slot) : isoTime(slot))),
    );
    dataRows.forEach((row, index) => {
      const slot = slots[index] as number;
      expect(row).toHaveLength(seriesIds.length + 1);
      seriesIds.forEach((id, column) => {
        expectNumber(row[column + 1], expected.values.get(id)?.get(slot), decimalsOf(id), decimal);
      });
    });
    const statsRows = rows.slice(blank + 1);
    const labels = {
      fi: ['Minimi', 'Keskiarvo', 'Maksimi', 'Lukumäärä'],
      sv: ['Minimum', 'Medelvärde', 'Maximum', 'Antal'],
      en: ['Minimum', 'Average', 'Maximum', 'Count'],
    }[options.lang];
    expect(statsRows.map((row) => row[0])).toEqual(labels);
    (['min', 'avg', 'max', 'count'] as const).forEach((key, index) => {
      seriesIds.forEach((id, column) => {
        const exact = expected.stats.get(id)?.[key];
        expectNumber(statsRows[index]?.[column + 1], exact, key === 'count' ? 0 : decimalsOf(id), decimal);
      });
    });
    return { dataRows, expected };
  }

  it.each([
    ['fi', 'avg', false],
    ['en', 'min', true],
    ['sv', 'max', false],
  ] as const)('writes a %s CSV of %s values (nulls %s) as the raw values give them', async (lang, mode, nulls) => {
    const response = await admin.fetch(url({ lang, mode, nulls }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Koulu _A__1-2026-10-24-2026-10-26.csv"; filename*=UTF-8''Koulu%20%22%C3%84%22%2F1-2026-10-24-2026-10-26.csv`,
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const { dataRows } = expectCsv(text, { lang, mode, nulls, keep: () => true });
    // The 25-hour Sunday: 03:00 twice (summer time, then winter time), 25 rows in all.
    const sunday = dataRows.filter((row) => (row[0] as string).startsWith(lang === 'fi' ? '25.10.2026' : '2026-10-25'));
    expect(sunday).toHaveLength(25);
    expect(sunday.filter((row) => (row[0] as string).endsWith(' 03:00'))).toHaveLength(2);
    if (lang === 'fi') expect(dataRows[0]?.[0]).toBe('24.10.2026 00:00');
    // Monday 04:00–07:00 local time has no values: gaps with nulls on, left out with nulls off.
    const monday = lang === 'fi' ? '26.10.2026' : '2026-10-26';
    const gap = dataRows.filter((row) => ['04:00', '05:00', '06:00'].some((hour) => row[0] === `${monday} ${hour}`));
    expect(gap).toHaveLength(nulls ? 3 : 0);
    if (nulls) for (const row of gap) expect(row.slice(1)).toEqual(['', '', '']);
  });

  it('applies the filters as the view does, by the wall clock', async () => {
    const filters: DataFilter[] = [
      {
        type: 'weekrange',
        hours: [
          { weekday: 6, from: 8, to: 16 },
          { weekday: 7, from: 0, to: 24 },
          { weekday: 1, from: 8, to: 16 },
        ],
      },
      { type: 'removeday', day: '2026-10-25' },
    ];
    const response = await admin.fetch(url({ lang: 'fi', filters, mode: 'avg', nulls: true }));
    expect(response.status).toBe(200);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const { dataRows } = expectCsv(text, {
      lang: 'fi',
      mode: 'avg',
      nulls: true,
      keep: (slot) => {
        const w = wall(slot);
        return w.day !== 25 && w.hour >= 8 && w.hour < 16;
      },
    });
    expect(dataRows).toHaveLength(16);
    expect(dataRows[0]?.[0]).toBe('24.10.2026 08:00');
  });

  it.each([86_400, 43_200, 21_600])(
    'writes %i s slots of the wall clock, each day whole: the 25-hour Sunday is one day, cut where its clock shows it',
    async (slot) => {
      const response = await admin.fetch(url({ lang: 'fi', mode: 'avg', nulls: true, slot }));
      expect(response.status).toBe(200);
      const rows = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()), ';');
      const dataRows = rows.slice(
        1,
        rows.findIndex((row) => row.length === 1 && row[0] === ''),
      );
      // Computed here: each reading in the slot its wall-clock day and time give it, labelled with that slot's start.
      const hours = slot / 3600;
      const bySlot = new Map<string, Map<number, number[]>>();
      for (const value of stored) {
        const instant = value.time.getTime();
        if (instant < from || instant > to) continue;
        const w = wall(instant);
        const label = `${w.day}.${w.month}.${w.year} ${two(Math.floor(w.hour / hours) * hours)}:00`;
        const slotValues = bySlot.get(label) ?? new Map<number, number[]>();
        bySlot.set(label, slotValues);
        slotValues.set(value.seriesId, [...(slotValues.get(value.seriesId) ?? []), value.value]);
      }
      expect(dataRows.map((row) => row[0])).toEqual([...bySlot.keys()]);
      expect(dataRows).toHaveLength((3 * 86_400) / slot);
      dataRows.forEach((row) => {
        const slotValues = bySlot.get(row[0] as string);
        allIds().forEach((id, column) => {
          const list = slotValues?.get(id);
          const mean = list && list.reduce((sum, item) => sum + item, 0) / list.length;
          expectNumber(row[column + 1], mean, decimalsOf(id), ',');
        });
      });
    },
  );

  it('writes an XLSX with numbers, date cells of the wall clock, headings in the language, and the stats sheet', async () => {
    const response = await admin.fetch(url({ format: 'xlsx', lang: 'sv', mode: 'max' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toContain('-2026-10-24-2026-10-26.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Värden', 'Statistik']);
    const [values, stats] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(values.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(values.getRow(1).values).toEqual([
      undefined,
      `Tid (${zone})`,
      'Piha / Lämpötila (°C)',
      'Kellari / Hiilidioksidi (ppm)',
      'Piha / =Paine-ero; "ulko" (Pa)',
    ]);
    const expected = expectedView(stored, allIds(), 'max', () => true);
    const slots = expected.slots.filter((slot) => allIds().some((id) => expected.values.get(id)?.has(slot)));
    expect(values.rowCount).toBe(slots.length + 1);
    slots.forEach((slot, index) => {
      const row = values.getRow(index + 2);
      const time = row.getCell(1).value as Date;
      expect(time).toBeInstanceOf(Date);
      expect(time.toISOString().slice(0, 16).replace('T', ' ')).toBe(isoTime(slot));
      expect(row.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
      allIds().forEach((id, column) => {
        const cell = row.getCell(column + 2);
        const exact = expected.values.get(id)?.get(slot);
        if (exact === undefined) {
          expect(cell.value).toBeNull();
          return;
        }
        expect(typeof cell.value).toBe('number');
        // Max is a stored value: rounded exactly, no summing order to differ.
        const decimals = decimalsOf(id);
        expect(cell.value).toBe(Math.round(exact * 10 ** decimals) / 10 ** decimals || 0);
        expect(cell.numFmt).toBe(decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`);
      });
    });
    expect(stats.getColumn(1).values.slice(2)).toEqual(['Minimum', 'Medelvärde', 'Maximum', 'Antal']);
    allIds().forEach((id, column) => {
      const wanted = expected.stats.get(id);
      const cells = stats.getColumn(column + 2).values.slice(2) as number[];
      expect(cells[3]).toBe(wanted?.count);
      expect(Math.abs((cells[1] as number) - (wanted?.avg as number))).toBeLessThanOrEqual(0.5 * 10 ** -decimalsOf(id));
      expect(cells[0]).toBe(Math.round((wanted?.min as number) * 10 ** decimalsOf(id)) / 10 ** decimalsOf(id));
    });
  });

  it('lets members export every series, a public link only the shown spaces, and nobody else', async () => {
    const anonymous = new TestClient(olo.url);
    const { client: stranger } = await signedInClient(olo.url);
    expect((await anonymous.fetch(url())).status).toBe(401);
    expect((await stranger.fetch(url())).status).toBe(403);
    expect((await anonymous.fetch(url({ projectId: 999_999 }))).status).toBe(404);
    const denied = await anonymous.fetch(url({ lang: 'sv' }));
    expect(await denied.json()).toMatchObject({ error: 'Not signed in', message: 'Du är inte inloggad' });

    await sql()`update projects set public_id = gen_random_uuid() where id = ${projectId}`;
    try {
      for (const visitor of [anonymous, stranger]) {
        const response = await visitor.fetch(url({ lang: 'en' }));
        expect(response.status).toBe(200);
        const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
        expectCsv(text, {
          lang: 'en',
          mode: 'avg',
          nulls: false,
          keep: () => true,
          seriesIds: [ids.temperature, ids.pressure],
        });
        expect(text).not.toContain('Kellari');
      }
      const member = await admin.fetch(url({ lang: 'en' }));
      expect(new TextDecoder().decode(await member.arrayBuffer())).toContain('Kellari / Hiilidioksidi (ppm)');
    } finally {
      await sql()`update projects set public_id = null where id = ${projectId}`;
    }
  });

  it('refuses bad input with a reason in the language asked', async () => {
    const bad = async (path: string, headers: Record<string, string> = {}) => {
      const response = await admin.fetch(path, { headers });
      expect(response.status).toBe(400);
      return (await response.json()) as { error: string; message: string; issues?: Array<{ message: string }> };
    };
    expect(await bad(url({ from: to, to: from, lang: 'fi' }))).toMatchObject({
      error: 'Invalid input',
      message: 'Loppu on ennen alkua',
    });
    expect(await bad(url({ from: to, to: from, lang: 'en' }))).toMatchObject({
      message: 'The end is before the start',
    });
    const filters = url({ lang: 'sv' }).replace(/filters=[^&]*/, 'filters=%5B%7Bnot+json');
    expect((await bad(filters)).message).toBe('Ogiltiga filter');
    const unknownFilter = url({ lang: 'en' }).replace(
      /filters=[^&]*/,
      `filters=${encodeURIComponent('[{"type":"x"}]')}`,
    );
    expect((await bad(unknownFilter)).message).toBe('Invalid filters');
    // An unknown language: the browser's language if we have it, else Finnish.
    const german = url().replace('lang=fi', 'lang=de');
    expect((await bad(german, { 'accept-language': 'de-DE, sv;q=0.8' })).message).toBe(
      'Ogiltigt språk: fi, sv eller en',
    );
    expect((await bad(german)).message).toBe('Virheellinen kieli: fi, sv tai en');
    expect((await bad(url({ slot: 700, lang: 'en' }))).message).toBe(
      'Invalid slot: seconds from 60 to 86400 that divide a day',
    );
    // Three series of a year of minutes: far past 200,000 values; refused before anything is read.
    const tooMany = await bad(url({ from: from - 365 * 24 * hourMs, slot: 60, lang: 'sv' }));
    expect(tooMany.message).toBe(
      'Exporten är för stor: högst 200 000 värden; välj en längre period eller ett kortare intervall',
    );
    // A day slot over eleven years is few values, but too many slices to read.
    expect((await bad(url({ from: from - 11 * 365 * 24 * hourMs, slot: 86_400, lang: 'fi' }))).message).toBe(
      'Aikaväli on liian pitkä: enintään kymmenen vuotta',
    );
    expect((await bad(url({ format: 'pdf' as 'csv' }))).message).toBe('Virheellinen tiedostomuoto: csv tai xlsx');
    expect((await bad(`/api/export/abc.csv?from=${from}&to=${to}&slot=3600&lang=en`)).message).toBe(
      'Invalid project id',
    );
  });
});

describe('export files', () => {
  const table: ExportTable = {
    timeZone: zone,
    headers: ['=cmd|"/c calc"!A1', 'Huone; 2 (°C)', 'Rivi\nkaksi (Pa)'],
    decimals: [1, 1, 2],
    rows: [{ time: Date.parse('2026-03-01T06:00:00Z'), values: [-0.5, 21.25, null] }],
    stats: [{ min: -0.5, avg: -0.5, max: -0.5, count: 3 }, null, null],
  };

  it('quotes by RFC 4180, keeps formulas from running, and writes minus signs and decimals Excel reads', () => {
    const fi = writeCsv(table, 'fi').toString('utf8');
    expect(fi).toBe(
      '\uFEFFAika (Europe/Helsinki);"\'=cmd|""/c calc""!A1";"Huone; 2 (°C)";"Rivi\nkaksi (Pa)"\r\n' +
        '1.3.2026 08:00;-0,5;21,3;\r\n' +
        '\r\n' +
        'Minimi;-0,5;;\r\nKeskiarvo;-0,5;;\r\nMaksimi;-0,5;;\r\nLukumäärä;3;;\r\n',
    );
    const en = writeCsv(table, 'en').toString('utf8');
    expect(en.split('\r\n')[1]).toBe('2026-03-01 08:00,-0.5,21.3,');
  });

  it('starts again once under the new data id when the data are rewritten during an export', async () => {
    let dataId = 'old';
    const asked: string[] = [];
    const series = {
      id: 1,
      name: 'T',
      spaceId: null,
      dataType: 'Temperature',
      dataUnit: null,
      dataName: null,
      colorId: null,
      limitId: null,
    };
    const data = {
      viewerLists: async () => ({
        project: { id: 1, name: 'P', timeZone: 'UTC', dataId, publicId: null, showLive: false, endMs: null },
        member: true,
        weatherSeriesIds: new Set<number>(),
        spaces: [],
        series: [series],
      }),
      projectData: async (_viewer: ViewerAccess, request: { dataId: string }) => {
        asked.push(request.dataId);
        if (dataId === 'old') {
          dataId = 'new';
          throw new StaleDataIdError('new');
        }
        const day = Date.parse('2026-03-01T00:00:00Z') / 1000;
        return {
          body: JSON.stringify({
            projectId: 1,
            period: '2026-03-01',
            dataId,
            slotSeconds: 86_400,
            timeZone: 'UTC',
            from: day,
            to: day + 86_400,
            slots: [day],
            spaces: [],
            series: [series],
            data: { [day]: { 1: [42, 20, 22, 2] } },
          }),
          etag: '"x"',
          caching: { immutable: true, shared: false },
        };
      },
    } as unknown as DataService;
    const service = new DataExportService({ data, now: () => Date.parse('2026-04-01T00:00:00Z') });
    const file = await service.exportFile({} as ViewerAccess, {
      projectId: 1,
      format: 'csv',
      query: {
        from: Date.parse('2026-03-01T00:00:00Z'),
        to: Date.parse('2026-03-01T23:59:59.999Z'),
        slot: 86_400,
        mode: 'avg',
        nulls: false,
        filters: [],
        lang: 'en',
      },
    });
    expect(asked).toEqual(['old', 'new']);
    expect(file.filename).toBe('P-2026-03-01-2026-03-01.csv');
    expect(file.body.toString('utf8').split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFTime (UTC),T (°C)',
      '2026-03-01 00:00,21.0',
    ]);
  });
});

describe('export headings', () => {
  it('name the unit in the export language: a count (kpl) is st in Swedish and pcs in English', () => {
    const motion = {
      id: 1,
      name: 'Liike',
      spaceId: 7,
      dataType: 'Motion',
      dataUnit: null,
      dataName: null,
      colorId: null,
      limitId: null,
    };
    const spaces = [{ id: 7, name: 'Luokka 101', show: true }];
    expect(seriesHeading(motion, spaces, 'fi')).toBe('Luokka 101 / Liike (kpl)');
    expect(seriesHeading(motion, spaces, 'sv')).toBe('Luokka 101 / Liike (st)');
    expect(seriesHeading(motion, spaces, 'en')).toBe('Luokka 101 / Liike (pcs)');
    expect(seriesHeading({ ...motion, dataType: 'Temperature', dataUnit: '°C' }, [], 'en')).toBe('Liike (°C)');
  });
});
