import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { DeletePrintTemplateDocument, OrganizationPrintTemplatesDocument } from '../../../graphql/generated.ts';
import { EditableListSection, ItemName } from '../../ui/EditableListSection.tsx';
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
  const { data, loading, error } = useQuery(OrganizationPrintTemplatesDocument, {
    variables: { organizationId },
    fetchPolicy: 'cache-and-network',
  });
  const [deleteTemplate] = useMutation(DeletePrintTemplateDocument, { refetchQueries: refetchTemplates });

  return (
    <EditableListSection
      id="print-templates"
      testId="print-templates-section"
      title={t('Print templates')}
      description={t(
        'The header and footer of the organization’s printed reports, with page numbers, names and the period, and their margins and colours.',
      )}
      newLabel={t('New print template')}
      loading={loading && !data}
      error={data ? undefined : error}
      items={data?.organization.printTemplates}
      empty={{
        testId: 'no-print-templates',
        text: t('No print templates yet. Without one a printed report has its name and page numbers in the footer.'),
      }}
      tableLabel={t('Print templates')}
      tableTestId="print-templates-table"
      minWidth={420}
      rowTestId="print-template-row"
      columns={[
        { header: t('Name'), cell: (template) => <ItemName name={template.name} /> },
        { header: t('Page margin'), cell: (template) => template.margin },
        { header: t('Updated'), cell: (template) => formatTime(template.updatedAt) },
      ]}
      editor={(template, close) => (
        <PrintTemplateForm
          organizationId={organizationId}
          organizationName={organizationName}
          template={template === 'new' ? undefined : template}
          onDone={close}
        />
      )}
      confirmDelete={(template) =>
        t('Delete the print template {{name}}? Reports that use it get the default footer.', { name: template.name })
      }
      deleteItem={(template) => deleteTemplate({ variables: { id: template.id } })}
      deleted={t('Print template deleted.')}
    />
  );
}
