import { useQuery } from '@apollo/client/react';
import { Anchor, Badge, Container, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrganizationListDocument, type OrganizationSummaryFieldsFragment } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { CreateOrganizationForm } from './CreateOrganizationForm.tsx';
import classes from './OrganizationListPage.module.css';

interface TreeNode {
  organization: OrganizationSummaryFieldsFragment;
  children: TreeNode[];
}

/** Organizations under their parents; one whose parent the viewer does not see is a root, shown with its path. */
export function organizationTree(organizations: OrganizationSummaryFieldsFragment[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>(
    organizations.map((organization) => [organization.id, { organization, children: [] }]),
  );
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.organization.parentId ? nodes.get(node.organization.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

function OrganizationTree({ nodes, root }: { nodes: TreeNode[]; root?: boolean }) {
  const { t } = useTranslation();
  return (
    <List listStyleType="none" withPadding={!root} spacing={root ? 'sm' : 4}>
      {nodes.map(({ organization, children }) => (
        <List.Item key={organization.id} className={root ? classes.rootItem : undefined}>
          <Group gap="xs" wrap="wrap">
            <Anchor
              component={Link}
              to={`/o/${encodeURIComponent(organization.slug)}`}
              fw={root ? 600 : undefined}
              size={root ? 'lg' : undefined}
            >
              {organization.name}
            </Anchor>
            {root && organization.parentId && (
              <Text size="sm" c="dimmed">
                {organization.path}
              </Text>
            )}
            {organization.currentUserIsAdmin && (
              <Badge size="xs" variant="light">
                {t('Administrator')}
              </Badge>
            )}
          </Group>
          {children.length > 0 && <OrganizationTree nodes={children} />}
        </List.Item>
      ))}
    </List>
  );
}

export function OrganizationListPage() {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(OrganizationListDocument, { fetchPolicy: 'cache-and-network' });
  const organizations = data?.organizations ?? [];
  const { currentUser } = useCurrentUser();
  const administered = organizations.filter((organization) => organization.currentUserIsAdmin);
  // Creating is offered to those who run organizations, and to a user who belongs to nothing yet (self-service,
  // decision 0009); a member with view rights only, in organizations or projects, is not offered it (decision 0096).
  const belongsNowhere = organizations.length === 0 && (currentUser?.menuProjects.length ?? 0) === 0;
  const mayCreate = Boolean(currentUser?.isAdmin) || belongsNowhere || administered.length > 0;

  return (
    <DirtyFormsProvider>
      <Container size="md">
        <Stack>
          <PageHeader
            title={t('Organizations')}
            description={t('Organizations own projects and meters; their administrators manage members.')}
          />
          <QueryState loading={loading && !data} error={error}>
            <Section id="organizations" title={t('Your organizations')}>
              {organizations.length === 0 ? (
                <EmptyState testId="organization-list-empty" title={t('You do not belong to any organization yet.')}>
                  {mayCreate
                    ? t(
                        'Ask an administrator of your organization for an invitation; it arrives by mail. Or create an organization of your own below.',
                      )
                    : t(
                        'The projects you see were shared with you directly. To join an organization, ask its administrator for an invitation; it arrives by mail.',
                      )}
                </EmptyState>
              ) : (
                <nav aria-label={t('Organizations')} data-testid="organization-list">
                  <OrganizationTree nodes={organizationTree(organizations)} root />
                </nav>
              )}
            </Section>
            {mayCreate && (
              <Section id="create-organization" title={t('Create organization')}>
                <CreateOrganizationForm parents={administered} />
              </Section>
            )}
          </QueryState>
        </Stack>
      </Container>
    </DirtyFormsProvider>
  );
}
