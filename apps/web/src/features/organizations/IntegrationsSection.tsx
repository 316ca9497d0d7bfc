import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { createIntegrationInput } from '@olo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../../config.ts';
import {
  CreateIntegrationDocument,
  type CreateIntegrationMutation,
  DeleteIntegrationDocument,
  type IntegrationKind,
  type OrganizationIntegrationFieldsFragment,
  OrganizationIntegrationsDocument,
} from '../../graphql/generated.ts';
import { useDirtyForm } from '../forms/DirtyFormsProvider.tsx';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { useConfirmedAction } from '../forms/useShowError.ts';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { FormButtons } from '../ui/FormButtons.tsx';
import { FormError } from '../ui/FormError.tsx';
import { ResponsiveTable } from '../ui/ListTable.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { forgetObject } from './organizationCache.ts';

type Created = CreateIntegrationMutation['createIntegration'];

function useKindLabels(): Record<IntegrationKind, string> {
  const { t } = useTranslation();
  // Product names stay as they are in every language.
  return { tts: 'The Things Stack', chirpstack: 'ChirpStack', any: t('Any network server') };
}

function ingestUrls(kind: IntegrationKind): string[] {
  const origin = window.location.origin;
  const kinds = kind === 'any' ? (['tts', 'chirpstack'] as const) : [kind];
  return kinds.map((item) => `${origin}/api/ingest/${item}`);
}

/** A read-only value with a copy button beside it. */
function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        readOnly
        label={label}
        value={value}
        data-testid={testId}
        style={{ flex: 1 }}
        styles={{ input: { fontFamily: 'monospace' } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={t('Copy {{label}}', { label })}
          >
            {copied ? t('Copied') : t('Copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The secret of a new integration, shown this once, with what a network server needs to use it. */
function CredentialsModal({ created, onClose }: { created: Created; onClose: () => void }) {
  const { t } = useTranslation();
  const kindLabels = useKindLabels();
  const { integration, secret } = created;
  const { mqttPort } = config;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      closeOnClickOutside={false}
      title={t('Credentials of {{name}}', { name: integration.name })}
    >
      <Stack data-testid="integration-credentials">
        <Alert color="orange" title={t('Copy the secret now')}>
          {t('It is shown only this once: Olo keeps only a hash of it. If it is lost, make a new integration.')}
        </Alert>
        <Text size="sm">
          {t('Network server')}: {kindLabels[integration.kind]}
        </Text>
        {mqttPort === null ? (
          <>
            <Text size="sm" data-testid="external-mqtt-broker">
              {t(
                'This Olo uses an external MQTT broker, set up by its administrator: these credentials are for sending uplinks over HTTP.',
              )}
            </Text>
            <CopyField label={t('Secret')} value={secret} testId="integration-secret" />
          </>
        ) : (
          <>
            <Text fw={500}>MQTT</Text>
            <Text size="sm">
              {t(
                'Have the network server publish its uplinks to the MQTT broker of this Olo (in The Things Stack a Pub/Sub integration, in ChirpStack the MQTT integration) with these credentials.',
              )}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <CopyField label={t('MQTT host')} value={window.location.hostname} />
              <CopyField label={t('MQTT port')} value={String(mqttPort)} testId="integration-mqtt-port" />
            </SimpleGrid>
            <CopyField label={t('Username')} value={integration.mqttUsername} testId="integration-username" />
            <CopyField label={t('Password (the secret)')} value={secret} testId="integration-secret" />
          </>
        )}
        <Text fw={500}>HTTP</Text>
        <Text size="sm">
          {mqttPort === null
            ? t('Have the network server send its uplinks as webhooks (POST) to:')
            : t('Or have the network server send its uplinks as webhooks (POST) to:')}
        </Text>
        {ingestUrls(integration.kind).map((url) => (
          <CopyField key={url} label={t('Address')} value={url} />
        ))}
        <Text size="sm">{t('with this header:')}</Text>
        <CopyField label={t('HTTP header')} value={`Authorization: Bearer ${secret}`} />
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {`curl -X POST -H 'Authorization: Bearer ${secret}' -H 'Content-Type: application/json' -d @uplink.json ${ingestUrls(integration.kind)[0]}`}
        </Code>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('I have saved the secret')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function NewIntegrationForm({
  organizationId,
  onCreated,
}: {
  organizationId: string;
  onCreated: (c: Created) => void;
}) {
  const { t } = useTranslation();
  const kindLabels = useKindLabels();
  const [createIntegration, { loading }] = useMutation(CreateIntegrationDocument, {
    refetchQueries: [{ query: OrganizationIntegrationsDocument, variables: { id: organizationId } }],
  });
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm({
    initialValues: { organizationId, name: '', kind: 'tts' as IntegrationKind },
    schema: createIntegrationInput,
  });
  useDirtyForm('new-integration', form.isDirty());

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    const input = createIntegrationInput.parse(values);
    let created: Created | undefined;
    try {
      const { data } = await createIntegration({
        variables: { organizationId: input.organizationId, name: input.name, kind: input.kind },
      });
      created = data?.createIntegration;
    } catch (error) {
      return showServerError(error);
    }
    form.reset();
    if (created) onCreated(created);
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('New integration')} data-testid="new-integration-form">
      <Stack gap="xs">
        <Text fw={500}>{t('New integration')}</Text>
        <FormError message={generalError} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('Name')} withAsterisk {...inputProps('name')} />
          <Select
            label={t('Network server')}
            allowDeselect={false}
            data={(['tts', 'chirpstack', 'any'] as const).map((kind) => ({ value: kind, label: kindLabels[kind] }))}
            {...inputProps('kind')}
          />
        </SimpleGrid>
        <FormButtons loading={loading} submitLabel={t('Create integration')} />
      </Stack>
    </form>
  );
}

function IntegrationRow({
  integration,
  withMqtt,
}: {
  integration: OrganizationIntegrationFieldsFragment;
  withMqtt: boolean;
}) {
  const { t, i18n } = useTranslation();
  const kindLabels = useKindLabels();
  const confirmed = useConfirmedAction();
  const [deleteIntegration, { loading }] = useMutation(DeleteIntegrationDocument, {
    update: (cache, { data }) => {
      if (data?.deleteIntegration) forgetObject(cache, 'Integration', integration.id);
    },
  });

  const remove = () => {
    confirmed(
      t('Delete the integration {{name}}? Network servers using it can no longer send readings.', {
        name: integration.name,
      }),
      () => deleteIntegration({ variables: { id: integration.id } }),
      t('Integration deleted.'),
    );
  };

  return (
    <Table.Tr data-testid="integration-row">
      <Table.Td>{integration.name}</Table.Td>
      <Table.Td>{kindLabels[integration.kind]}</Table.Td>
      {withMqtt && <Table.Td style={{ fontFamily: 'monospace' }}>{integration.mqttUsername}</Table.Td>}
      <Table.Td>
        {integration.lastUsedAt ? new Date(integration.lastUsedAt).toLocaleString(i18n.language) : t('Never')}
      </Table.Td>
      <Table.Td align="right">
        <DeleteButton label={t('Delete {{name}}', { name: integration.name })} loading={loading} onClick={remove}>
          {t('Delete')}
        </DeleteButton>
      </Table.Td>
    </Table.Tr>
  );
}

/** Credentials with which the organization's network servers send uplinks to Olo; organization admins only. */
export function IntegrationsSection({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<Created | null>(null);
  const { data, loading, error } = useQuery(OrganizationIntegrationsDocument, {
    variables: { id: organizationId },
    fetchPolicy: 'cache-and-network',
  });
  const integrations = data?.organization.integrations ?? [];
  // With an external broker, network servers publish there with its own accounts; here only HTTP ingest applies.
  const withMqtt = config.mqttPort !== null;

  return (
    <Section id="integrations" title={t('Network server integrations')} testId="integrations">
      <Text size="sm">
        {withMqtt
          ? t(
              'A network server (The Things Stack, ChirpStack) sends the readings of the meters to Olo with these credentials, over MQTT or HTTP.',
            )
          : t(
              'A network server (The Things Stack, ChirpStack) sends the readings of the meters to Olo with these credentials, over HTTP. This Olo uses an external MQTT broker.',
            )}
      </Text>
      <QueryState loading={loading} error={error} data={data}>
        {integrations.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('No integrations yet.')}
          </Text>
        ) : (
          <ResponsiveTable minWidth={560} aria-label={t('Network server integrations')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Name')}</Table.Th>
                <Table.Th>{t('Network server')}</Table.Th>
                {withMqtt && <Table.Th>{t('MQTT username')}</Table.Th>}
                <Table.Th>{t('Last used')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {integrations.map((integration) => (
                <IntegrationRow key={integration.id} integration={integration} withMqtt={withMqtt} />
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </QueryState>
      <NewIntegrationForm organizationId={organizationId} onCreated={setCreated} />
      {created && <CredentialsModal created={created} onClose={() => setCreated(null)} />}
    </Section>
  );
}
