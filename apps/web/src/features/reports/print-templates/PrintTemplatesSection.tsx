import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DeletePrintTemplateDocument,
  OrganizationPrintTemplatesDocument,
  type PrintTemplateAdminFieldsFragment,
} from '../../../graphql/generated.ts';
import { useConfirmedAction } from '../../forms/useShowError.ts';
import { EditDeleteButtons } from '../../ui/EditDeleteButtons.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { Section } from '../../ui/Section.tsx';
import { useFormatDateTime } from '../../ui/timeZone.tsx';
import { PrintTemplateForm } from './PrintTemplateForm.tsx';

const refetchTemplates = ['OrganizationPrintTemplates'];

/**
 * The organization's print templates (its admins): the header and footer of its reports' printed pages, with
 * variables, extra CSS, the margin and print colours. Listed, created, edited and deleted here; reports choose one in
 * their editor.
 */
export function PrintTemplatesSection({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName: string;
}) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime('minute');
  const confirmed = useConfirmedAction();
  const { data, loading, error } = useQuery(OrganizationPrintTemplatesDocument, {
    variables: { organizationId },
    fetchPolicy: 'cache-and-network',
  });
  const [deleteTemplate] = useMutation(DeletePrintTemplateDocument, { refetchQueries: refetchTemplates });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const templates = data?.organization.printTemplates;
  const edited = templates?.find((template) => template.id === editing);

  const remove = (template: PrintTemplateAdminFieldsFragment) =>
    confirmed(
      t('Delete the print template {{name}}? Reports that use it get the default footer.', { name: template.name }),
      () => deleteTemplate({ variables: { id: template.id } }),
      t('Print template deleted.'),
    );

  return (
    <Section
      id="print-templates"
      testId="print-templates-section"
      title={t('Print templates')}
      description={t(
        'The header and footer of the organization’s printed reports, with page numbers, names and the period, and their margins and colours.',
      )}
      action={
        editing === null && (
          <Button size="xs" variant="light" onClick={() => setEditing('new')}>
            {t('New print template')}
          </Button>
        )
      }
    >
      {editing === 'new' && (
        <PrintTemplateForm
          organizationId={organizationId}
          organizationName={organizationName}
          onDone={() => setEditing(null)}
        />
      )}
      {edited && (
        <PrintTemplateForm
          key={edited.id}
          organizationId={organizationId}
          organizationName={organizationName}
          template={edited}
          onDone={() => setEditing(null)}
        />
      )}
      <ListTable
        loading={loading && !data}
        error={data ? undefined : error}
        items={templates}
        empty={
          <EmptyState testId="no-print-templates">
            {t('No print templates yet. Without one a printed report has its name and page numbers in the footer.')}
          </EmptyState>
        }
        label={t('Print templates')}
        testId="print-templates-table"
        minWidth={420}
        head={
          <>
            <Table.Th>{t('Name')}</Table.Th>
            <Table.Th>{t('Page margin')}</Table.Th>
            <Table.Th>{t('Updated')}</Table.Th>
            <Table.Th>{t('Actions')}</Table.Th>
          </>
        }
        row={(template) => (
          <Table.Tr key={template.id} data-testid="print-template-row">
            <Table.Td>
              <Text size="sm" fw={500}>
                {template.name}
              </Text>
            </Table.Td>
            <Table.Td>{template.margin}</Table.Td>
            <Table.Td>{formatTime(template.updatedAt)}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <EditDeleteButtons
                  name={template.name}
                  onEdit={() => setEditing(template.id)}
                  onDelete={() => remove(template)}
                  editDisabled={editing !== null}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
    </Section>
  );
}
