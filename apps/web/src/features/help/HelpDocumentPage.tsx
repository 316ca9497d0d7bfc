import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Anchor, Badge, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DeleteHelpDocumentDocument,
  HelpDocumentDocument,
  type HelpDocumentListFieldsFragment,
  HelpDocumentsDocument,
} from '../../graphql/generated.ts';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { useConfirmedAction } from '../forms/useShowError.ts';
import { usePageEntityName } from '../layout/documentTitle.ts';
import { Markdown } from '../projects/Markdown.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { isPermissionError, LoadingSkeleton, QueryState } from '../ui/QueryState.tsx';
import { HelpEditor } from './HelpEditor.tsx';
import { documentAtPath, helpHref, helpKey } from './helpLinks.ts';
import { useHelpWritePlaces } from './useHelpWritePlaces.ts';

function BackToHelp() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/help" size="sm">
      ← {t('All help documents')}
    </Anchor>
  );
}

function NoSuchDocument() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="help-not-found">
      <PageHeader title={t('No such help document')} />
      <Alert color="gray">{t('It may have been removed or unpublished, or it is not for you.')}</Alert>
    </Stack>
  );
}

/** The document itself, and for those who may write it "Edit" (with preview) and "Delete". */
function HelpDocumentView({ id, listed }: { id: number; listed: readonly HelpDocumentListFieldsFragment[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const confirmed = useConfirmedAction();
  const places = useHelpWritePlaces();
  const [editing, setEditing] = useState(false);
  const { data, loading, error } = useQuery(HelpDocumentDocument, { variables: { id } });
  const [deleteDocument] = useMutation(DeleteHelpDocumentDocument, { refetchQueries: ['HelpDocuments'] });
  const document = data?.document;
  usePageEntityName(document?.name);
  if (error && isPermissionError(error)) return <NoSuchDocument />;
  if (!document) return <QueryState loading={loading} error={error} data={data} />;

  if (editing) {
    return (
      <HelpEditor
        document={document}
        places={places}
        onDone={(saved) => {
          setEditing(false);
          if (!saved) return;
          const others = listed.filter((other) => other.id !== saved.id);
          void navigate(helpHref(saved, [...others, saved], i18n.language), { replace: true });
        }}
      />
    );
  }
  return (
    <Stack gap="sm">
      <PageHeader
        title={document.name}
        actions={
          document.canEdit ? (
            <>
              <Button variant="light" onClick={() => setEditing(true)}>
                {t('Edit')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                onClick={() =>
                  confirmed(
                    t('Delete the help document {{name}}?', { name: document.name }),
                    async () => {
                      await deleteDocument({ variables: { id: document.id } });
                      await navigate('/help');
                    },
                    t('Help document deleted.'),
                  )
                }
              >
                {t('Delete')}
              </Button>
            </>
          ) : null
        }
      />
      {!document.published && (
        <Group>
          <Badge color="gray" variant="light">
            {t('Draft')}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('An unpublished document is seen only by those who may edit it.')}
          </Text>
        </Group>
      )}
      <Paper component="article" withBorder p="md" data-testid="help-document" style={{ overflowWrap: 'anywhere' }}>
        <Markdown content={document.content} headingOffset={0} />
      </Paper>
      <Text size="sm" c="dimmed">
        {t('Updated {{time}}', { time: new Date(document.updatedAt).toLocaleDateString(i18n.language) })}
      </Text>
    </Stack>
  );
}

/** /help/<path or id>: one help document; a path opens the one for the reader's language (decision 0184). */
export function HelpDocumentPage() {
  const { i18n } = useTranslation();
  const { key = '' } = useParams();
  const byKey = helpKey(key);
  const list = useQuery(HelpDocumentsDocument, {
    variables: { language: i18n.language as HelpDocumentListFieldsFragment['language'] },
  });
  const listed = list.data?.documents ?? [];
  const id = 'id' in byKey ? byKey.id : documentAtPath(byKey.path, listed, i18n.language)?.id;
  let content: ReactNode;
  if (id !== undefined) content = <HelpDocumentView key={id} id={id} listed={listed} />;
  else if (list.loading && !list.data) content = <LoadingSkeleton />;
  else if (list.error && !list.data) content = <QueryState loading={false} error={list.error} data={undefined} />;
  else content = <NoSuchDocument />;
  return (
    <DirtyFormsProvider>
      <Container size="md">
        <Stack gap="sm">
          <BackToHelp />
          {content}
        </Stack>
      </Container>
    </DirtyFormsProvider>
  );
}
