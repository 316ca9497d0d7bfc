import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { DeletePrintTemplateDocument, OrganizationPrintTemplatesDocument } from '../../../graphql/generated.ts';
import { ReportPartsSection } from '../covers/ReportPartsSection.tsx';
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
  const { data, loading, error } = useQuery(OrganizationPrintTemplatesDocument, {
    variables: { organizationId },
    fetchPolicy: 'cache-and-network',
  });
  const [deleteTemplate] = useMutation(DeletePrintTemplateDocument, { refetchQueries: refetchTemplates });

  return (
    <ReportPartsSection
      kind="print-template"
      title={t('Print templates')}
      description={t(
        'The header and footer of the organization’s printed reports, with page numbers, names and the period, and their margins and colours.',
      )}
      newLabel={t('New print template')}
      emptyText={t('No print templates yet. Without one a printed report has its name and page numbers in the footer.')}
      query={{ items: data?.organization.printTemplates, loading, error }}
      columns={[{ header: t('Page margin'), cell: (template) => template.margin }]}
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
