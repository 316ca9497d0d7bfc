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

/** UTF-8 with a byte-order mark (so Excel takes it as UTF-8), CRLF line ends; the stats rows follow an empty line. */
export function writeCsv(table: ExportTable, language: Language): Buffer {
  const texts = exportTexts[language];
  const { separator, decimal } = csvConventions(language);
  const line = (cells: string[]) => `${cells.join(separator)}\r\n`;
  const parts: string[] = [
    line([`${texts.time} (${table.timeZone})`, ...table.headers].map((text) => csvText(text, separator))),
  ];
  for (const row of table.rows) {
    parts.push(
      line([
        formatExportTime(row.time, table.timeZone, language),
        ...row.values.map((value, index) => csvNumber(value, table.decimals[index] ?? 1, decimal)),
      ]),
    );
  }
  parts.push('\r\n');
  for (const key of ['min', 'avg', 'max', 'count'] as const) {
    parts.push(
      line([
        csvText(texts[key], separator),
        ...table.stats.map((stats, index) =>
          csvNumber(stats?.[key] ?? null, key === 'count' ? 0 : (table.decimals[index] ?? 1), decimal),
        ),
      ]),
    );
  }
  return Buffer.from(`\uFEFF${parts.join('')}`, 'utf8');
}

const numberFormat = (decimals: number) => (decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0');

/** Excel's date format of the wall-clock times, as `formatExportTime` writes them. */
const dateFormats: Record<Language, string> = {
  fi: 'd.m.yyyy hh:mm',
  sv: 'yyyy-mm-dd hh:mm',
  en: 'yyyy-mm-dd hh:mm',
};

/**
 * An Excel workbook: the values sheet (a frozen heading row and time column, times as date cells
 * of the project's wall clock, values as numbers with their decimals) and the stats sheet (min,
 * avg, max and count under the same headings). Sheet names and headings are in `language`.
 */
export async function writeXlsx(table: ExportTable, language: Language): Promise<Buffer> {
  const texts = exportTexts[language];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Olo';
  const headings = [`${texts.time} (${table.timeZone})`, ...table.headers];
  const widths = headings.map((heading, index) => Math.min(60, Math.max(index === 0 ? 18 : 10, heading.length + 2)));

  const values = workbook.addWorksheet(texts.valuesSheet, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  values.columns = headings.map((_heading, index) => ({
    width: widths[index],
    style: { numFmt: index === 0 ? dateFormats[language] : numberFormat(table.decimals[index - 1] ?? 1) },
  }));
  values.addRow(headings).font = { bold: true };
  for (const row of table.rows) {
    // Excel's dates have no time zone: the cell holds the wall-clock time, written as if it were UTC.
    values.addRow([new Date(row.time + zoneOffsetMs(row.time, table.timeZone)), ...row.values]);
  }

  const stats = workbook.addWorksheet(texts.statsSheet, { views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }] });
  stats.columns = headings.map((_heading, index) => ({ width: index === 0 ? 14 : widths[index] }));
  stats.addRow(['', ...table.headers]).font = { bold: true };
  for (const key of ['min', 'avg', 'max', 'count'] as const) {
    const row = stats.addRow([texts[key], ...table.stats.map((item) => item?.[key] ?? null)]);
    row.getCell(1).font = { bold: true };
    table.stats.forEach((_item, index) => {
      row.getCell(index + 2).numFmt = key === 'count' ? '0' : numberFormat(table.decimals[index] ?? 1);
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
