import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { downloadPdf, PdfDownloadError, pdfFilename } from './reportPdf.ts';

interface DownloadPdfButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  /** The PDF route, with `?lang=` for its error messages (`reportPdfUrl`, `publicReportPdfUrl`). */
  url: string;
  reportName: string;
  /** Why it cannot be downloaded now (shown as the button's title), or null. */
  disabledReason?: string | null;
  /** The accessible name when the visible label alone does not say which report (a list row). */
  label?: string;
}

/**
 * "Download PDF": a link to the report's PDF route, fetched by the app so that the button shows the
 * render's progress and a failure shows the server's message (in the link's language) instead of a
 * browser error page. Opened in a new tab (or without scripts) it is the plain link.
 */
export function DownloadPdfButton({
  url,
  reportName,
  disabledReason = null,
  label,
  size = 'xs',
  variant = 'default',
}: DownloadPdfButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const disabled = disabledReason !== null;
  const button = (
    <Button
      component="a"
      href={disabled ? undefined : url}
      download={pdfFilename(reportName)}
      size={size}
      variant={variant}
      loading={busy}
      disabled={disabled}
      // An anchor has no `disabled`: this tells assistive technology (and axe's contrast rule) it is inactive.
      aria-disabled={disabled || undefined}
      aria-label={label}
      data-testid="download-pdf"
      onClick={(event) => {
        // A new tab or window (modifier keys, middle button) gets the plain link.
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        if (busy || disabled) return;
        setBusy(true);
        downloadPdf(url, pdfFilename(reportName))
          .catch((failure: unknown) => {
            const message = failure instanceof PdfDownloadError ? failure.serverMessage : null;
            toast.error(message ?? t('The PDF could not be downloaded. Please try again.'));
          })
          .finally(() => setBusy(false));
      }}
    >
      {t('Download PDF')}
    </Button>
  );
  // A disabled button takes no pointer events, so its reason sits on a wrapper that shows it on hover.
  return disabled ? (
    <span title={disabledReason} data-testid="download-pdf-disabled">
      {button}
    </span>
  ) : (
    button
  );
}
