import { Anchor, Container, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../ui/Section.tsx';

/** The site administration pages, in the order an operator looks: health first. */
const adminPages = [
  {
    id: 'admin-status',
    to: '/admin/status-dash',
    title: 'Site status',
    description: "The site's health at a glance, live: uplinks, queues, instances, meters and weather.",
  },
  {
    id: 'admin-errors',
    to: '/errors',
    title: 'System errors',
    description: 'Refused uplinks and other faults not yet acknowledged.',
  },
  {
    id: 'admin-meters',
    to: '/admin/meters',
    title: 'Meters',
    description: 'Every meter, free meters moved to organizations by serial.',
  },
  {
    id: 'admin-users',
    to: '/admin/users',
    title: 'Users',
    description: 'Every user: activate, deactivate, site admin rights, deletion.',
  },
  {
    id: 'admin-limits',
    to: '/admin/limits',
    title: 'Global limits',
    description: 'The banded scales every organization starts from.',
  },
  {
    id: 'admin-colors',
    to: '/admin/colors',
    title: 'Global colours',
    description: 'The palette spaces and series of every project pick from.',
  },
  {
    id: 'admin-translations',
    to: '/admin/translations',
    title: 'Translations',
    description: 'Every text of the app in Finnish, Swedish and English, and the site’s own wording of them.',
  },
] as const;

/** /admin: the site administrator's pages. */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg">
      <Stack>
        <Title order={1}>{t('Site administration')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {adminPages.map((page) => (
            <Section key={page.id} id={page.id} title={t(page.title)} description={t(page.description)}>
              <Anchor component={Link} to={page.to} fw={600}>
                {t('Open {{page}}', { page: t(page.title) })}
              </Anchor>
            </Section>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
