import { useQuery } from '@apollo/client/react';
import { Anchor, Badge, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OrganizationListDocument, type OrganizationSummaryFieldsFragment } from '../../graphql/generated.ts';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { CreateOrganizationForm } from './CreateOrganizationForm.tsx';

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
    <List listStyleType="none" withPadding={!root} spacing={4}>
      {nodes.map(({ organization, children }) => (
        <List.Item key={organization.id}>
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/o/${encodeURIComponent(organization.slug)}`}>
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

  return (
    <DirtyFormsProvider>
      <Container size="md">
        <Stack>
          <Title order={1}>{t('Organizations')}</Title>
          <QueryState loading={loading && !data} error={error}>
            <Section id="organizations" title={t('Your organizations')}>
              {organizations.length === 0 ? (
                <Text c="dimmed">{t('You do not belong to any organization yet.')}</Text>
              ) : (
                <nav aria-label={t('Organizations')} data-testid="organization-list">
                  <OrganizationTree nodes={organizationTree(organizations)} root />
                </nav>
              )}
            </Section>
            <Section id="create-organization" title={t('Create organization')}>
              <CreateOrganizationForm
                parents={organizations.filter((organization) => organization.currentUserIsAdmin)}
              />
            </Section>
          </QueryState>
        </Stack>
      </Container>
    </DirtyFormsProvider>
  );
}
