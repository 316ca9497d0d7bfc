import { useApolloClient } from '@apollo/client/react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ReportBugDocument } from '../../graphql/generated.ts';

/** Shown when rendering a route throws; the error is logged and reported once. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const client = useApolloClient();
  const reported = useRef(false);

  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    console.error(error);
    const message = error instanceof Error ? error.message : String(error);
    const stack = error instanceof Error ? error.stack : undefined;
    client
      .mutate({ mutation: ReportBugDocument, variables: { message, url: window.location.href, data: { stack } } })
      .catch(() => {
        // Nothing more can be done; the error is already in the console.
      });
  }, [client, error]);

  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t('Something went wrong.')}</Title>
        <Text>{t('The error has been reported. Reloading the page may help.')}</Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('Reload')}
        </Button>
      </Stack>
    </Container>
  );
}
