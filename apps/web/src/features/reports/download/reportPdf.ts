import { isLanguage, type Language } from '@olo/shared';

/** The PDF of a report for its viewers (session); `lang` is the language of the server's error messages. */
export const reportPdfUrl = (reportId: number, lang: Language) => `/api/reports/${reportId}.pdf?lang=${lang}`;

/** The PDF of a published report, for anybody with its link. */
export const publicReportPdfUrl = (publicId: string, lang: Language) =>
  `/api/public-reports/${encodeURIComponent(publicId)}.pdf?lang=${lang}`;

/** The app's language as a link's `lang` (Finnish when it is none of Olo's). */
export function linkLanguage(language: string): Language {
  const short = language.split('-')[0];
  return isLanguage(short) ? short : 'fi';
}

/**
 * The file a report is saved as: its name with what file systems refuse (`/ \ : * ? " < > |`, control
 * characters) as `_`, and `.pdf`. The server names the file the same way in its Content-Disposition;
 * this is the name when that header cannot be read.
 */
export function pdfFilename(reportName: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const safe = reportName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').trim();
  return `${safe || 'report'}.pdf`;
}

/** The file name of a Content-Disposition header: its RFC 5987 `filename*` first, else `filename`. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** A download that failed with the server's message (already in the link's language) or none. */
export class PdfDownloadError extends Error {
  constructor(
    /** The server's message, or null when the server gave none (unreachable, or an answer that is not Olo's). */
    readonly serverMessage: string | null,
    readonly status: number | null,
  ) {
    super(serverMessage ?? `PDF download failed (${status ?? 'no answer'})`);
  }
}

/** The message of a download route's error answer (`{ error, message }`, decision 0058), if it has one. */
async function answerMessage(response: Response): Promise<string | null> {
  if (!response.headers.get('content-type')?.includes('json')) return null;
  try {
    const body = (await response.json()) as { message?: unknown; error?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  } catch {
    // Not JSON after all.
  }
  return null;
}

/**
 * Fetches the PDF (with the session cookie, same origin) and has the browser save it under the
 * server's file name (else `fallbackName`). Rendering takes a second or more, so the caller shows
 * progress meanwhile; an error answer throws `PdfDownloadError` with the server's message.
 */
export async function downloadPdf(url: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new PdfDownloadError(null, null);
  }
  if (!response.ok) throw new PdfDownloadError(await answerMessage(response), response.status);
  const blob = await response.blob();
  const filename = dispositionFilename(response.headers.get('content-disposition')) ?? fallbackName;
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download; a moment later nothing needs the URL.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
