import { useMutation } from '@apollo/client/react';
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { type CurrentUserFieldsFragment, UnlinkAuthenticationDocument } from '../../graphql/generated.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';
import { DeleteButton } from '../ui/DeleteButton.tsx';

/** Sign-in services (e.g. single sign-on) linked to the account. */
export function AuthenticationsSection({ user }: { user: CurrentUserFieldsFragment }) {
  const { t, i18n } = useTranslation();
  const [unlink, { loading }] = useMutation(UnlinkAuthenticationDocument);

  if (user.authentications.length === 0) {
    return <Text c="dimmed">{t('No sign-in services are linked to your account.')}</Text>;
  }

  return (
    <Table aria-label={t('Linked sign-in services')}>
      <Table.Tbody>
        {user.authentications.map((authentication) => (
          <Table.Tr key={authentication.id}>
            <Table.Td>{authentication.service}</Table.Td>
            <Table.Td>{authentication.identifier}</Table.Td>
            <Table.Td>{new Date(authentication.createdAt).toLocaleDateString(i18n.language)}</Table.Td>
            <Table.Td align="right">
              <DeleteButton
                loading={loading}
                onClick={() =>
                  unlink({ variables: { authenticationId: authentication.id } }).catch((error: unknown) => {
                    const { fields, general } = formErrorsFromServer(error);
                    toast.error([...general, ...Object.values(fields)].map((message) => t(message)).join(' '));
                  })
                }
              >
                {t('Unlink')}
              </DeleteButton>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
