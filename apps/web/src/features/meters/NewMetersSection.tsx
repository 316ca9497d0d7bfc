import { useQuery } from '@apollo/client/react';
import { Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewMetersDocument } from '../../graphql/generated.ts';
import { formatRelativeTime } from '../ui/format.ts';
import { Section } from '../ui/Section.tsx';
import { useNow } from '../ui/useNow.ts';

/**
 * The organization's meters that feed no project yet (decision 0150): a meter first heard through the organization's
 * own integration lands here, each with the projects of its organization where the viewer may add it to a space.
 */
export function NewMetersSection() {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const { data } = useQuery(NewMetersDocument, { fetchPolicy: 'cache-and-network' });
  const meters = data?.meters ?? [];
  if (meters.length === 0) return null;
  const projects = (data?.projects ?? []).filter(
    (project) => project.privileges.includes('admin') || project.privileges.includes('adminSeries'),
  );
  return (
    <Section
      id="new-meters"
      title={t('New meters')}
      description={t('Meters heard through your integration that are in no space yet. Add each to a space.')}
      testId="new-meters"
    >
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {meters.map((meter) => {
          const targets = projects.filter((project) => project.organizationId === meter.organization?.id);
          const name = meter.name ?? meter.serial;
          return (
            <Group key={meter.id} component="li" justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Anchor component={Link} to={`/meters/${meter.id}`} fw={500}>
                  {name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {meter.name ? `${meter.serial} · ` : ''}
                  {t('Last seen {{when}}', { when: formatRelativeTime(meter.lastSeen, now, i18n.language) })}
                </Text>
              </div>
              {targets.length > 0 && (
                <Menu position="bottom-end">
                  <Menu.Target>
                    <Button variant="light" size="xs" aria-label={t('Add {{meter}} to a space', { meter: name })}>
                      {t('Add to a space')}
                    </Button>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {targets.map((project) => (
                      <Menu.Item
                        key={project.id}
                        component={Link}
                        to={`/p/${project.id}/edit/series?tab=add-meter&meter=${meter.id}`}
                      >
                        {project.name}
                      </Menu.Item>
                    ))}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          );
        })}
      </Stack>
    </Section>
  );
}
