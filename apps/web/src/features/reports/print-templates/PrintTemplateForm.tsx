import { useMutation } from '@apollo/client/react';
import { Box, Button, ColorInput, Menu, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  createPrintTemplateInput,
  fillPrintTemplate,
  type PrintVariableName,
  printVariableNames,
  sanitizePrintHtml,
  updatePrintTemplateInput,
} from '@olo/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CreatePrintTemplateDocument,
  type PrintTemplateAdminFieldsFragment,
  UpdatePrintTemplateDocument,
} from '../../../graphql/generated.ts';
import { useDirtyForm } from '../../forms/DirtyFormsProvider.tsx';
import { formSchema } from '../../forms/formSchema.ts';
import { useSchemaForm } from '../../forms/useSchemaForm.ts';
import { FormButtons } from '../../ui/FormButtons.tsx';
import { FormStack } from '../../ui/FormStack.tsx';
import { insertVariable } from '../covers/coverContent.ts';
import classes from './PrintTemplatePreview.module.css';

const refetchTemplates = ['OrganizationPrintTemplates'];

interface PrintTemplateValues extends Record<string, unknown> {
  name: string;
  header: string;
  footer: string;
  css: string;
  margin: string;
  /** '' : none (the document's own colour). */
  accentColor: string;
  tableHeaderColor: string;
}

const emptyValues: PrintTemplateValues = {
  name: '',
  header: '',
  footer: '<div style="font-size: 8px; width: 100%; text-align: right">{report.name} · {page} / {pages}</div>',
  css: '',
  margin: '15mm',
  accentColor: '',
  tableHeaderColor: '',
};

const valuesOf = (template: PrintTemplateAdminFieldsFragment): PrintTemplateValues => ({
  name: template.name,
  header: template.header,
  footer: template.footer,
  css: template.css,
  margin: template.margin,
  accentColor: template.accentColor ?? '',
  tableHeaderColor: template.tableHeaderColor ?? '',
});

const inputOf = (values: PrintTemplateValues) => ({
  name: values.name,
  header: values.header,
  footer: values.footer,
  css: values.css,
  margin: values.margin,
  accentColor: values.accentColor.trim() || null,
  tableHeaderColor: values.tableHeaderColor.trim() || null,
});

/** What each variable of a header or footer becomes, in the user's words. */
function usePrintVariableLabels(): Record<PrintVariableName, string> {
  const { t } = useTranslation();
  return {
    page: t('Page number'),
    pages: t('Number of pages'),
    'report.name': t('Report name'),
    'project.name': t('Project name'),
    'report.from': t('First day of the report'),
    'report.to': t('Last day of the report'),
    'organization.name': t('Organization name'),
    'organization.logo': t('Organization logo'),
  };
}

/** A header's or footer's HTML field with the menu that puts a variable in at the cursor. */
function TemplateHtmlField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const labels = usePrintVariableLabels();
  const field = useRef<HTMLTextAreaElement>(null);
  const insert = (name: PrintVariableName) => {
    const input = field.current;
    const { text, cursor } = insertVariable(value, name, input?.selectionStart ?? null, input?.selectionEnd ?? null);
    onChange(text);
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(cursor, cursor);
    });
  };
  return (
    <Stack gap={4}>
      <Textarea
        ref={field}
        label={label}
        description={t('HTML: text, formatting, tables and images; no scripts or links.')}
        autosize
        minRows={2}
        maxRows={8}
        styles={{ input: { fontFamily: 'monospace' } }}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        aria-invalid={error ? true : undefined}
      />
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="light"
            aria-label={t('Insert a variable into: {{field}}', { field: label })}
          >
            {t('Insert a variable')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {printVariableNames.map((name) => (
            <Menu.Item key={name} onClick={() => insert(name)}>
              {labels[name]} <code>{`{${name}}`}</code>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Stack>
  );
}

/** A transparent 1×1 picture standing in for the organization's logo in the preview. */
const sampleLogo = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** A header or footer already rebuilt by sanitizePrintHtml: no script, handler or link survives it. */
function FilledHtml({ html, className, testId }: { html: string; className?: string; testId: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitizePrintHtml rebuilt it from an allow list.
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The header and footer as a printed page shows them, for a sample report on its second page of five: the same
 * sanitizing and filling as the server's, so what shows here is what prints.
 */
export function PrintTemplatePreview({
  header,
  footer,
  accentColor,
  organizationName,
}: {
  header: string;
  footer: string;
  accentColor: string;
  organizationName: string;
}) {
  const { t } = useTranslation();
  const values = {
    'report.name': t('Sample report'),
    'project.name': t('Sample project'),
    'report.from': '1.1.2026',
    'report.to': '31.3.2026',
    'organization.name': organizationName,
    'organization.logo': sampleLogo,
  };
  const filled = (html: string) =>
    fillPrintTemplate(sanitizePrintHtml(html), values)
      .replace('<span class="pageNumber"></span>', '<span class="pageNumber">2</span>')
      .replace('<span class="totalPages"></span>', '<span class="totalPages">5</span>');
  return (
    <Paper withBorder p="xs" className={classes.page} data-testid="print-template-preview" aria-label={t('Preview')}>
      <FilledHtml html={filled(header)} className={classes.header} testId="preview-header" />
      <Box className={classes.body} style={{ borderColor: accentColor || undefined }}>
        <Text size="xs" c="dimmed">
          {t('The report’s content')}
        </Text>
      </Box>
      <FilledHtml html={filled(footer)} className={classes.footer} testId="preview-footer" />
    </Paper>
  );
}

/**
 * A print template's fields (name, header and footer with variables, CSS, margin, print colours) with a preview;
 * creates a template of the organization, or saves the one given.
 */
export function PrintTemplateForm({
  organizationId,
  organizationName,
  template,
  onDone,
}: {
  organizationId: string;
  organizationName: string;
  /** Absent: a new template. */
  template?: PrintTemplateAdminFieldsFragment;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [createTemplate, creating] = useMutation(CreatePrintTemplateDocument, { refetchQueries: refetchTemplates });
  const [updateTemplate, updating] = useMutation(UpdatePrintTemplateDocument, { refetchQueries: refetchTemplates });
  const { form, inputProps, generalError, onSave } = useSchemaForm<PrintTemplateValues>({
    initialValues: template ? valuesOf(template) : emptyValues,
    schema: formSchema<PrintTemplateValues>({
      schema: template ? updatePrintTemplateInput : createPrintTemplateInput,
      toInput: (values) =>
        template ? { id: template.id, ...inputOf(values) } : { organizationId, ...inputOf(values) },
    }),
  });
  useDirtyForm(`print-template-${template?.id ?? 'new'}`, form.isDirty());
  const submit = onSave(async (values) => {
    if (template) {
      const { data } = await updateTemplate({ variables: { input: { id: template.id, ...inputOf(values) } } });
      if (!data) throw new Error('No answer to updatePrintTemplate');
      return data.updatePrintTemplate;
    }
    const { data } = await createTemplate({ variables: { input: { organizationId, ...inputOf(values) } } });
    if (!data) throw new Error('No answer to createPrintTemplate');
    return data.createPrintTemplate;
  }, onDone);
  const values = form.getValues();
  const htmlProps = (path: 'header' | 'footer') => {
    const props = inputProps(path);
    return { value: values[path], onChange: (value: string) => form.setFieldValue(path, value), error: props.error };
  };
  const title = template ? t('Edit print template {{name}}', { name: template.name }) : t('New print template');
  return (
    <Paper withBorder p="sm" data-testid="print-template-form">
      <FormStack onSubmit={submit} label={title} error={generalError} testId="print-template-fields">
        <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="sm">
            <TemplateHtmlField label={t('Header')} {...htmlProps('header')} />
            <TemplateHtmlField label={t('Footer')} {...htmlProps('footer')} />
            <Text size="xs" c="dimmed">
              {t('The header and footer are on every page but the cover. Give them a font size: Chromium’s is tiny.')}
            </Text>
          </Stack>
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('Preview')}
            </Text>
            <PrintTemplatePreview
              header={values.header}
              footer={values.footer}
              accentColor={values.accentColor}
              organizationName={organizationName}
            />
          </Stack>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('Page margin')}
            description={t('For example 15mm, 1.5cm or 0.5in')}
            withAsterisk
            {...inputProps('margin')}
          />
          <ColorInput
            label={t('Accent colour')}
            description={t('Headings and rules; empty: the report’s own')}
            format="hex"
            withEyeDropper={false}
            {...inputProps('accentColor')}
          />
          <ColorInput
            label={t('Table header colour')}
            description={t('Behind the header rows of data tables')}
            format="hex"
            withEyeDropper={false}
            {...inputProps('tableHeaderColor')}
          />
        </SimpleGrid>
        <Textarea
          label={t('Extra CSS')}
          description={t('Styles for the printed report; it may not load anything (no @import or url() but data:).')}
          autosize
          minRows={2}
          maxRows={10}
          styles={{ input: { fontFamily: 'monospace' } }}
          {...inputProps('css')}
        />
        <FormButtons
          loading={creating.loading || updating.loading}
          submitLabel={template ? t('Save') : t('Create print template')}
          onCancel={onDone}
        />
      </FormStack>
    </Paper>
  );
}
