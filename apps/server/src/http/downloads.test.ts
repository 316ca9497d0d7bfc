import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pdfTimeoutMessage } from '../channels/pdf/pdf-job.ts';
import { translateReportPdfError } from '../modules/report-pdf/report-pdf.texts.ts';
import { AppError } from '../shared/errors.ts';
import { contentDisposition, downloadErrorAnswers } from './downloads.ts';

describe('downloads', () => {
  it('names the file in ASCII for old clients and exactly in filename*', () => {
    expect(contentDisposition('Kerrostalo Å/"B" 1-2026-03-01-2026-03-31.xlsx')).toBe(
      `attachment; filename="Kerrostalo A__B_ 1-2026-03-01-2026-03-31.xlsx"; filename*=UTF-8''Kerrostalo%20%C3%85%2F%22B%22%201-2026-03-01-2026-03-31.xlsx`,
    );
  });

  it("answers a file link's error in the link's language with the message's values filled in", async () => {
    const app = Fastify();
    app.get('/slow.pdf', { errorHandler: downloadErrorAnswers(translateReportPdfError) }, async () => {
      throw new AppError('UNAVAILABLE', pdfTimeoutMessage, undefined, { seconds: '30' });
    });
    const fi = await app.inject('/slow.pdf?lang=fi');
    expect(fi.statusCode).toBe(503);
    expect(fi.json()).toMatchObject({ error: pdfTimeoutMessage, message: 'PDF:n tulostus kesti yli 30 s' });
    const en = await app.inject({ url: '/slow.pdf', headers: { 'accept-language': 'en-GB' } });
    expect(en.json()).toMatchObject({ message: 'The PDF took longer than 30 s to render' });
    await app.close();
  });
});
