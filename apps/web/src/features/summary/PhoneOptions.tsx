import { Button, Collapse } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Mantine's `sm` breakpoint: below it the summary folds its secondary controls (decision 0156). */
export const phoneQuery = '(max-width: 48em)';

export function useIsPhone(): boolean {
  return useMediaQuery(phoneQuery) ?? false;
}

/**
 * Secondary controls: shown as they are on a wide screen; on a phone folded under one "Options" button, so that the
 * first graph is near the top of the page.
 */
export function PhoneOptions({ label, testId, children }: { label?: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [open, { toggle }] = useDisclosure(false);
  const contentId = useId();
  if (!phone) return <>{children}</>;
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={contentId}
        data-testid={testId}
        rightSection={<span aria-hidden>{open ? '▴' : '▾'}</span>}
      >
        {label ?? t('Options')}
      </Button>
      <Collapse expanded={open} id={contentId} w="100%">
        {children}
      </Collapse>
    </>
  );
}
