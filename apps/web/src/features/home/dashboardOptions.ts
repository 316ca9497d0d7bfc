import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  type CurrentUserFieldsFragment,
  UpdateDashboardOptionsDocument,
  UserDashboardOptionsFragmentDoc,
} from '../../graphql/generated.ts';

type DashboardOptionGroup = 'dashboardProjects' | 'dashboardSpacesOpen' | 'dashboardSpacesHidden' | 'dashboardMeters';
export type DashboardOptions = Pick<CurrentUserFieldsFragment['options'], DashboardOptionGroup>;

/**
 * Saves dashboard option groups as soon as they change. The server replaces only the groups it is given, so the
 * other options stay. The cached user changes at once, so that opening a space does not wait for the server; the old
 * value comes back if saving fails.
 */
export function useSaveDashboardOptions(user: CurrentUserFieldsFragment) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [updateOptions] = useMutation(UpdateDashboardOptionsDocument);

  return useCallback(
    async (changes: Partial<DashboardOptions>) => {
      const current: DashboardOptions = {
        dashboardProjects: user.options.dashboardProjects,
        dashboardSpacesOpen: user.options.dashboardSpacesOpen,
        dashboardSpacesHidden: user.options.dashboardSpacesHidden,
        dashboardMeters: user.options.dashboardMeters,
      };
      const writeOptions = (values: DashboardOptions) =>
        client.cache.writeFragment({
          id: client.cache.identify({ __typename: 'User', id: user.id }),
          fragment: UserDashboardOptionsFragmentDoc,
          data: { options: { __typename: 'UserOptions', ...values } as DashboardOptions },
        });
      writeOptions({ ...current, ...changes });
      try {
        await updateOptions({ variables: { options: changes } });
      } catch {
        writeOptions(current);
        toast.error(t('Saving failed. Please try again.'));
      }
    },
    [client, updateOptions, user.id, user.options, t],
  );
}

/** The list with the id added or taken away. */
export function toggled(ids: readonly number[], id: number, on: boolean): number[] {
  const rest = ids.filter((item) => item !== id);
  return on ? [...rest, id] : rest;
}
