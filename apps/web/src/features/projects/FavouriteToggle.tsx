import { useMutation } from '@apollo/client/react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import {
  FavouriteProjectDocument,
  type ProjectListFieldsFragment,
  UnfavouriteProjectDocument,
} from '../../graphql/generated.ts';
import { formErrorsFromServer } from '../forms/graphqlErrors.ts';

/**
 * The star that adds a project to the viewer's favourites or takes it out. The answer updates the cached project, and
 * with it every list and header that shows the project.
 */
export function FavouriteToggle({ project }: { project: ProjectListFieldsFragment }) {
  const { t } = useTranslation();
  const [favourite, favouriting] = useMutation(FavouriteProjectDocument);
  const [unfavourite, unfavouriting] = useMutation(UnfavouriteProjectDocument);
  const label = project.favourite
    ? t('Remove {{name}} from favourites', { name: project.name })
    : t('Add {{name}} to favourites', { name: project.name });

  const toggle = () => {
    const variables = { id: project.id };
    const optimistic = { __typename: 'Project' as const, ...project, favourite: !project.favourite };
    const done = project.favourite
      ? unfavourite({ variables, optimisticResponse: { unfavouriteProject: optimistic } })
      : favourite({ variables, optimisticResponse: { favouriteProject: optimistic } });
    done.catch((error: unknown) => {
      const { fields, general } = formErrorsFromServer(error);
      toast.error([...general, ...Object.values(fields)].map((message) => t(message)).join(' '));
    });
  };

  return (
    <Tooltip label={project.favourite ? t('Remove from favourites') : t('Add to favourites')}>
      <ActionIcon
        variant="subtle"
        color="yellow"
        size="lg"
        aria-label={label}
        aria-pressed={project.favourite}
        data-testid="favourite-toggle"
        disabled={favouriting.loading || unfavouriting.loading}
        onClick={toggle}
      >
        <span aria-hidden="true" style={{ fontSize: 20, lineHeight: 1 }}>
          {project.favourite ? '★' : '☆'}
        </span>
      </ActionIcon>
    </Tooltip>
  );
}
