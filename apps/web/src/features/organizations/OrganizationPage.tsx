import { useQuery } from '@apollo/client/react';
import { Anchor, Badge, Button, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OrganizationPageDocument, type OrganizationPageFieldsFragment } from '../../graphql/generated.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import { DirtyFormsProvider } from '../forms/DirtyFormsProvider.tsx';
import { usePageEntityName } from '../layout/documentTitle.ts';
import { ColorsSection } from '../limits/ColorsSection.tsx';
import { LimitsSection } from '../limits/LimitsSection.tsx';
import { ProjectStateBadges } from '../projects/ProjectStateBadges.tsx';
import { ReportCoversSection } from '../reports/covers/ReportCoversSection.tsx';
import { ReportTemplatesSection } from '../reports/covers/ReportTemplatesSection.tsx';
import { PrintTemplatesSection } from '../reports/print-templates/PrintTemplatesSection.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { Section } from '../ui/Section.tsx';
import { CreateOrganizationForm } from './CreateOrganizationForm.tsx';
import { CreateProjectForm } from './CreateProjectForm.tsx';
import { EmailSettingsSection } from './EmailSettingsSection.tsx';
import { IntegrationsSection } from './IntegrationsSection.tsx';
import { InvitationsSection } from './InvitationsSection.tsx';
import { MembersSection } from './MembersSection.tsx';
import { OrganizationBreadcrumbs } from './OrganizationBreadcrumbs.tsx';
import { OrganizationSettingsSection } from './OrganizationSettingsSection.tsx';
import { organizationLink } from './slug.ts';

function ChildOrganizationsSection({ organization }: { organization: OrganizationPageFieldsFragment }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <Section
      id="child-organizations"
      title={t('Child organizations')}
      testId="child-organizations"
      action={
        organization.currentUserIsAdmin &&
        !creating && (
          <Button size="xs" variant="light" onClick={() => setCreating(true)}>
            {t('Create child organization')}
          </Button>
        )
      }
    >
      {organization.organizations.length === 0 ? (
        <Text c="dimmed">{t('No child organizations.')}</Text>
      ) : (
        <List listStyleType="none" spacing={4}>
          {organization.organizations.map((child) => (
            <List.Item key={child.id}>
              <Anchor component={Link} to={organizationLink(child.slug)}>
                {child.name}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
      {creating && <CreateOrganizationForm parentId={organization.id} onCancel={() => setCreating(false)} />}
    </Section>
  );
}

function ProjectsSection({ organization }: { organization: OrganizationPageFieldsFragment }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <Section
      id="projects"
      title={t('Projects')}
      testId="organization-projects"
      action={
        organization.currentUserIsAdmin &&
        !creating && (
          <Button size="xs" variant="light" onClick={() => setCreating(true)}>
            {t('Create project')}
          </Button>
        )
      }
    >
      {organization.projects.length === 0 ? (
        !creating && (
          <EmptyState testId="organization-projects-empty" title={t('No projects yet')}>
            {/* The section's own "Create project" button above is the action; a second one would only repeat it. */}
            {organization.currentUserIsAdmin
              ? t(
                  'A project gathers the spaces, series and meters of one building or site. Start with "Create project".',
                )
              : t('The administrators of the organization create its projects.')}
          </EmptyState>
        )
      ) : (
        <List listStyleType="none" spacing={4}>
          {organization.projects.map((project) => (
            <List.Item key={project.id} data-testid="organization-project">
              {/* The state first, as in the project list (decision 0102); on a phone the line wraps. */}
              <Group gap="xs" wrap="wrap">
                <ProjectStateBadges project={project} />
                <Anchor component={Link} to={`/p/${project.id}`}>
                  {project.name}
                </Anchor>
                {project.code && (
                  <Text size="sm" c="dimmed">
                    {project.code}
                  </Text>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {creating && <CreateProjectForm organizationId={organization.id} onCancel={() => setCreating(false)} />}
    </Section>
  );
}

function OrganizationContent({ organization }: { organization: OrganizationPageFieldsFragment }) {
  const { t } = useTranslation();
  const { currentUser } = useCurrentUser();
  const admin = organization.currentUserIsAdmin;

  return (
    <Stack>
      <OrganizationBreadcrumbs organization={organization} />
      <div>
        <Group gap="xs">
          <Title order={1}>{organization.name}</Title>
          {admin && <Badge variant="light">{t('Administrator')}</Badge>}
        </Group>
        <Text c="dimmed">{organization.path}</Text>
      </div>
      {organization.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{organization.description}</Text>}
      <ChildOrganizationsSection organization={organization} />
      <ProjectsSection organization={organization} />
      <MembersSection organizationId={organization.id} isAdmin={admin} />
      {admin && <InvitationsSection organizationId={organization.id} />}
      {admin && <IntegrationsSection organizationId={organization.id} />}
      {admin && <ColorsSection organizationId={organization.id} />}
      {admin && <LimitsSection organizationId={organization.id} />}
      {admin && <ReportCoversSection organizationId={organization.id} organizationName={organization.name} />}
      {admin && <PrintTemplatesSection organizationId={organization.id} organizationName={organization.name} />}
      {admin && <ReportTemplatesSection organizationId={organization.id} />}
      {currentUser && <EmailSettingsSection organizationId={organization.id} userId={currentUser.id} />}
      {admin && <OrganizationSettingsSection key={organization.id} organization={organization} />}
    </Stack>
  );
}

/** One organization: its child organizations, projects, members and, for its admins, their management. */
export function OrganizationPage() {
  const { slug = '' } = useParams();
  const { data, loading, error } = useQuery(OrganizationPageDocument, {
    variables: { slug },
    fetchPolicy: 'cache-and-network',
  });
  const organization = data?.organizationBySlug;
  usePageEntityName(organization?.name);

  return (
    <Container size="lg">
      <QueryState loading={loading && !organization} error={error}>
        {organization && (
          <DirtyFormsProvider key={organization.id}>
            <OrganizationContent organization={organization} />
          </DirtyFormsProvider>
        )}
      </QueryState>
    </Container>
  );
}
