import type { ApolloCache } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { addEmailInput } from '@olo/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  AddEmailDocument,
  type CurrentUserFieldsFragment,
  DeleteUserEmailDocument,
  MakeEmailPrimaryDocument,
  ResendEmailVerificationDocument,
  type UserEmailFieldsFragment,
  UserEmailsFragmentDoc,
} from '../../graphql/generated.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import type { DirtyChangeHandler } from '../forms/useDirtyForms.ts';
import { useSchemaForm } from '../forms/useSchemaForm.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { DeleteButton } from '../ui/DeleteButton.tsx';
import { FormStack } from '../ui/FormStack.tsx';
import { ResponsiveTable } from '../ui/ListTable.tsx';

/** The email mutations answer the new list of emails; it replaces the cached user's list. */
function writeEmails(cache: ApolloCache, userId: string, emails: UserEmailFieldsFragment[] | undefined) {
  if (!emails) return;
  cache.writeFragment({
    id: cache.identify({ __typename: 'User', id: userId }),
    fragment: UserEmailsFragmentDoc,
    fragmentName: 'UserEmails',
    data: { emails },
  });
}

function EmailRow({ user, email }: { user: CurrentUserFieldsFragment; email: UserEmailFieldsFragment }) {
  const { t } = useTranslation();
  const ask = useConfirm();
  const showError = (error: unknown) => {
    const { fields, general } = formErrorsFromServer(error);
    toast.error([...general, ...Object.values(fields)].map((message) => t(message)).join(' '));
  };
  const [makePrimary, makingPrimary] = useMutation(MakeEmailPrimaryDocument, {
    update: (cache, { data }) => writeEmails(cache, user.id, data?.makeEmailPrimary),
  });
  const [deleteEmail, deleting] = useMutation(DeleteUserEmailDocument, {
    update: (cache, { data }) => writeEmails(cache, user.id, data?.deleteUserEmail),
  });
  const [resendVerification, resending] = useMutation(ResendEmailVerificationDocument);
  const variables = { userEmailId: email.id };

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {email.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {email.isPrimary && <Badge color="blue">{t('Primary')}</Badge>}
          {email.isVerified ? (
            <Badge color="green">{t('Verified')}</Badge>
          ) : (
            <Badge color="yellow">{t('Not verified')}</Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end">
          {!email.isVerified && (
            <Button
              size="xs"
              variant="light"
              loading={resending.loading}
              onClick={() =>
                resendVerification()
                  .then(() => toast.success(t('Verification email sent.')))
                  .catch(showError)
              }
            >
              {t('Send verification email')}
            </Button>
          )}
          {!email.isPrimary && email.isVerified && (
            <Button
              size="xs"
              variant="light"
              loading={makingPrimary.loading}
              onClick={() => makePrimary({ variables }).catch(showError)}
            >
              {t('Make primary')}
            </Button>
          )}
          {!email.isPrimary && (
            <DeleteButton
              label={t('Delete {{email}}', { email: email.email })}
              loading={deleting.loading}
              onClick={async () => {
                if (await ask(t('Delete the address {{email}}?', { email: email.email }))) {
                  deleteEmail({ variables }).catch(showError);
                }
              }}
            >
              {t('Delete')}
            </DeleteButton>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function EmailsSection({
  user,
  onDirtyChange,
}: {
  user: CurrentUserFieldsFragment;
  onDirtyChange: DirtyChangeHandler;
}) {
  const { t } = useTranslation();
  const [addEmail, { loading }] = useMutation(AddEmailDocument, {
    update: (cache, { data }) => writeEmails(cache, user.id, data?.addEmail),
  });
  const { form, inputProps, generalError, showServerError, clearGeneralError } = useSchemaForm({
    initialValues: { email: '' },
    schema: addEmailInput,
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = form.onSubmit(async (values) => {
    clearGeneralError();
    try {
      await addEmail({ variables: addEmailInput.parse(values) });
    } catch (error) {
      return showServerError(error);
    }
    form.reset();
    toast.success(t('Email address added. We sent a message to it.'));
  });

  return (
    <Stack>
      <ResponsiveTable minWidth={480} aria-label={t('Email addresses')} verticalSpacing="xs">
        <Table.Tbody>
          {user.emails.map((email) => (
            <EmailRow key={email.id} user={user} email={email} />
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <FormStack onSubmit={submit} label={t('Add email address')} error={generalError}>
        <Group align="flex-start">
          <TextInput
            label={t('New email address')}
            type="email"
            autoComplete="email"
            style={{ flex: 1 }}
            {...inputProps('email')}
          />
          <Button type="submit" loading={loading} mt={25}>
            {t('Add')}
          </Button>
        </Group>
      </FormStack>
    </Stack>
  );
}
