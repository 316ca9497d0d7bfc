import { type Language, zoneOffsetMs } from '@olo/shared';
import ExcelJS from 'exceljs';
import { exportTexts } from './data-export.texts.ts';

/** What a summary view shows, ready to be written: one row per slot, one column per series. */
export interface ExportTable {
  timeZone: string;
  /** Column headings of the series: "space / series (unit)". */
  headers: string[];
  /** Decimals of each series' values (shared display rules). */
  decimals: number[];
  /** Slot start (epoch ms) and one value per series, already rounded; null is an empty cell. */
  rows: Array<{ time: number; values: Array<number | null> }>;
  /** Per series: readings of the kept slots, the true lowest, mean and highest (rounded) and their count. */
  stats: Array<{ min: number; avg: number; max: number; count: number } | null>;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A slot start on the project's wall clock: `24.11.2026 13:00` in Finnish, `2026-11-24 13:00` in Swedish and English. */
export function formatExportTime(instant: number, timeZone: string, language: Language): string {
  const wall = new Date(instant + zoneOffsetMs(instant, timeZone));
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  if (language === 'fi') return `${wall.getUTCDate()}.${wall.getUTCMonth() + 1}.${wall.getUTCFullYear()} ${time}`;
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${time}`;
}

/** CSV as Excel in each language reads it: `;` and a decimal comma in Finnish and Swedish, `,` and a point in English. */
export function csvConventions(language: Language): { separator: string; decimal: string } {
  return language === 'en' ? { separator: ',', decimal: '.' } : { separator: ';', decimal: ',' };
}

function csvNumber(value: number | null, decimals: number, decimal: string): string {
  if (value === null) return '';
  return value.toFixed(decimals).replace('.', decimal);
}

/**
 * Text as one CSV field: RFC 4180 quoting (a field with the separator, a quote or a line break is
 * quoted, quotes doubled). Text that a spreadsheet would run as a formula (a name starting with
 * `=`, `+`, `-`, `@`) gets a leading apostrophe, as OWASP advises against CSV injection.
 */
function csvText(text: string, separator: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /["\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows of a file written at once between progress reports (and what a page of CSV holds in memory). */
export const exportPageRows = 2000;

/**
 * CSV in pieces: the heading line (after the byte-order mark), then pages of up to `pageRows` rows
 * (`rows` says how many a piece holds), then the stats. Joined they are `writeCsv`'s file, so the
 * background export writes the same bytes a page at a time.
 */
export function* csvPieces(
  table: ExportTable,
  language: Language,
  pageRows = exportPageRows,
): Generator<{ text: string; rows: number }> {
  const texts = exportTexts[language];
  const { separator, decimal } = csvConventions(language);
  const line = (cells: string[]) => `${cells.join(separator)}\r\n`;
  yield {
    text: `\uFEFF${line([`${texts.time} (${table.timeZone})`, ...table.headers].map((text) => csvText(text, separator)))}`,
    rows: 0,
  };
  for (let start = 0; start < table.rows.length; start += pageRows) {
    const page = table.rows.slice(start, start + pageRows);
    yield {
      text: page
        .map((row) =>
          line([
            formatExportTime(row.time, table.timeZone, language),
            ...row.values.map((value, index) => csvNumber(value, table.decimals[index] ?? 1, decimal)),
          ]),
        )
        .join(''),
      rows: page.length,
    };
  }
  const stats: string[] = ['\r\n'];
  for (const key of ['min', 'avg', 'max', 'count'] as const) {
    stats.push(
      line([
        csvText(texts[key], separator),
        ...table.stats.map((item, index) =>
          csvNumber(item?.[key] ?? null, key === 'count' ? 0 : (table.decimals[index] ?? 1), decimal),
        ),
      ]),
    );
  }
  yield { text: stats.join(''), rows: 0 };
}

/** UTF-8 with a byte-order mark (so Excel takes it as UTF-8), CRLF line ends; the stats rows follow an empty line. */
export function writeCsv(table: ExportTable, language: Language): Buffer {
  return Buffer.from(Array.from(csvPieces(table, language), (piece) => piece.text).join(''), 'utf8');
}

const numberFormat = (decimals: number) => (decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0');

/** Excel's date format of the wall-clock times, as `formatExportTime` writes them. */
const dateFormats: Record<Language, string> = {
  fi: 'd.m.yyyy hh:mm',
  sv: 'yyyy-mm-dd hh:mm',
  en: 'yyyy-mm-dd hh:mm',
};

/** What `fillWorkbook` writes into: a workbook in memory, or ExcelJS's streaming writer (rows committed as they go). */
type WorkbookTarget = ExcelJS.Workbook | ExcelJS.stream.xlsx.WorkbookWriter;

/**
 * An Excel workbook: the values sheet (a frozen heading row and time column, times as date cells
 * of the project's wall clock, values as numbers with their decimals) and the stats sheet (min,
 * avg, max and count under the same headings). Sheet names and headings are in `language`.
 * `onRows` hears the values rows written so far after each page of `exportPageRows`; with the
 * streaming writer each row is committed (written out of memory) as it goes.
 */
export async function fillWorkbook(
  workbook: WorkbookTarget,
  table: ExportTable,
  language: Language,
  onRows?: (done: number) => Promise<void>,
): Promise<void> {
  const texts = exportTexts[language];
  workbook.creator = 'Olo';
  const headings = [`${texts.time} (${table.timeZone})`, ...table.headers];
  const widths = headings.map((heading, index) => Math.min(60, Math.max(index === 0 ? 18 : 10, heading.length + 2)));

  const values = workbook.addWorksheet(texts.valuesSheet, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  values.columns = headings.map((_heading, index) => ({
    width: widths[index],
    style: { numFmt: index === 0 ? dateFormats[language] : numberFormat(table.decimals[index - 1] ?? 1) },
  }));
  const headingRow = values.addRow(headings);
  headingRow.font = { bold: true };
  headingRow.commit();
  let done = 0;
  for (const row of table.rows) {
    // Excel's dates have no time zone: the cell holds the wall-clock time, written as if it were UTC.
    values.addRow([new Date(row.time + zoneOffsetMs(row.time, table.timeZone)), ...row.values]).commit();
    done += 1;
    if (onRows && done % exportPageRows === 0) await onRows(done);
  }
  if ('commit' in values && typeof values.commit === 'function') values.commit();

  const stats = workbook.addWorksheet(texts.statsSheet, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  stats.columns = headings.map((_heading, index) => ({ width: index === 0 ? 14 : widths[index] }));
  const statsHeading = stats.addRow(['', ...table.headers]);
  statsHeading.font = { bold: true };
  statsHeading.commit();
  for (const key of ['min', 'avg', 'max', 'count'] as const) {
    const row = stats.addRow([texts[key], ...table.stats.map((item) => item?.[key] ?? null)]);
    row.getCell(1).font = { bold: true };
    table.stats.forEach((_item, index) => {
      row.getCell(index + 2).numFmt = key === 'count' ? '0' : numberFormat(table.decimals[index] ?? 1);
    });
    row.commit();
  }
  if ('commit' in stats && typeof stats.commit === 'function') stats.commit();
  await onRows?.(done);
}

/** The workbook of `fillWorkbook` in memory, as the synchronous download sends it. */
export async function writeXlsx(table: ExportTable, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await fillWorkbook(workbook, table, language);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
