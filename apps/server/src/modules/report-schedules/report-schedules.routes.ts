import { answerLanguage, type Language } from '@olo/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../channels/mail/html.ts';
import { AppError } from '../../shared/errors.ts';
import type { ReportSchedulesService } from './report-schedules.service.ts';

export const reportUnsubscribePath = '/api/report-unsubscribe';

const texts: Record<
  Language,
  { title: string; ask: string; button: string; done: string; unknown: string; busy: string }
> = {
  fi: {
    title: 'Raportin tilauksen peruminen',
    ask: 'Haluatko lopettaa tämän raportin sähköpostit tähän osoitteeseen?',
    button: 'Peru tilaus',
    done: 'Tilaus on peruttu. Et saa enää tämän raportin viestejä.',
    unknown: 'Linkki ei ole voimassa.',
    busy: 'Liian monta pyyntöä, yritä myöhemmin uudelleen.',
  },
  sv: {
    title: 'Avsluta rapportprenumerationen',
    ask: 'Vill du sluta få den här rapporten per e-post till den här adressen?',
    button: 'Avsluta prenumerationen',
    done: 'Prenumerationen är avslutad. Du får inte längre den här rapportens meddelanden.',
    unknown: 'Länken är inte giltig.',
    busy: 'För många förfrågningar, försök igen senare.',
  },
  en: {
    title: 'Unsubscribe from the report',
    ask: 'Stop mailing this report to this address?',
    button: 'Unsubscribe',
    done: "You are unsubscribed. You won't get this report's messages any more.",
    unknown: 'The link is not valid.',
    busy: 'Too many requests, try again later.',
  },
};

function page(reply: FastifyReply, status: number, language: Language, body: string) {
  const t = texts[language];
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title></head><body><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`,
    );
}

const languageOf = (request: FastifyRequest): Language => answerLanguage(undefined, request.headers['accept-language']);

/**
 * The one-click unsubscribe of a scheduled report's outside address (RFC 8058): GET asks (so that a mail scanner
 * opening the link unsubscribes nobody), POST unsubscribes, as a mail program's one-click does with
 * `List-Unsubscribe=One-Click`. Anonymous: the token is the right; counted per address.
 */
export function registerReportScheduleRoutes(app: FastifyInstance, deps: { reportSchedules: ReportSchedulesService }) {
  void app.register(async (scope) => {
    // The one-click POST's body (`List-Unsubscribe=One-Click`) says nothing the path does not.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_r, _b, done) => done(null, null),
    );
    scope.get<{ Params: { token: string } }>(`${reportUnsubscribePath}/:token`, async (request, reply) => {
      const t = texts[languageOf(request)];
      const action = `${reportUnsubscribePath}/${encodeURIComponent(request.params.token)}`;
      return page(
        reply,
        200,
        languageOf(request),
        `<p>${escapeHtml(t.ask)}</p><form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t.button)}</button></form>`,
      );
    });
    scope.post<{ Params: { token: string } }>(`${reportUnsubscribePath}/:token`, async (request, reply) => {
      const language = languageOf(request);
      try {
        const done = await deps.reportSchedules.unsubscribe(request.params.token, request.ip);
        return page(
          reply,
          done ? 200 : 404,
          language,
          `<p>${escapeHtml(done ? texts[language].done : texts[language].unknown)}</p>`,
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS') {
          return page(reply, 429, language, `<p>${escapeHtml(texts[language].busy)}</p>`);
        }
        throw error;
      }
    });
  });
}
