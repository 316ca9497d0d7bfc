import { Anchor, Button, Container, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { config } from '../../config.ts';
import { useCurrentUser } from '../auth/useCurrentUser.ts';
import classes from './FrontPage.module.css';

const screenshots = [
  { src: '/screenshots/home.png', caption: 'Etusivu: omat projektit ja mittarit yhdellä silmäyksellä' },
  { src: '/screenshots/summary.png', caption: 'Yhteenveto: mittaukset kuvaajina raja-arvojen värialueiden päällä' },
];

/**
 * The public front page is in Finnish whatever the interface language (spec section 1), so its text is written here
 * rather than translated. A signed-in user (who reaches it as /about) is offered their home page instead of signing in.
 */
export function FrontPage() {
  const { currentUser } = useCurrentUser();
  return (
    <Container size="lg" lang="fi" py="md">
      <Stack gap={48}>
        <Stack component="header" align="flex-start" gap="md" className={classes.hero}>
          <Title order={1}>{config.siteName}</Title>
          <Text size="xl" maw={720}>
            Rakennusten ja rakenteiden olosuhteiden seuranta. Langattomat mittarit mittaavat sisäilmaa ja rakenteita, ja{' '}
            {config.siteName} näyttää lukemat reaaliajassa, koosteina ja raportteina.
          </Text>
          {currentUser ? (
            <Button component={Link} to="/home" size="md">
              Siirry etusivulle
            </Button>
          ) : (
            <Button component={Link} to="/login" size="md">
              Kirjaudu sisään
            </Button>
          )}
        </Stack>

        <Stack component="section" id="palvelu" aria-labelledby="palvelu-otsikko">
          <Title order={2} id="palvelu-otsikko">
            Palvelu
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Stack gap={4}>
              <Title order={3} size="h4">
                Mittaukset
              </Title>
              <Text>
                Hiilidioksidi, kosteus, lämpötila, paine-ero, pienhiukkaset, VOC, melu, valaistus ja liike sekä
                paikallinen säätieto samassa näkymässä.
              </Text>
            </Stack>
            <Stack gap={4}>
              <Title order={3} size="h4">
                Hälytykset
              </Title>
              <Text>
                Raja-arvojen ylitykset ilmoitetaan kiinteistön omistajalle ja muille osapuolille sähköpostilla,
                tekstiviestillä tai webhookilla.
              </Text>
            </Stack>
            <Stack gap={4}>
              <Title order={3} size="h4">
                Raportit
              </Title>
              <Text>
                Projektien koosteet ja raportit pohjineen ja kansilehtineen, PDF-muodossa tai jaettavana linkkinä.
              </Text>
            </Stack>
          </SimpleGrid>
        </Stack>

        <Stack component="section" id="kuvakaappaukset" aria-labelledby="kuvakaappaukset-otsikko">
          <Title order={2} id="kuvakaappaukset-otsikko">
            Kuvakaappauksia
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {screenshots.map((screenshot) => (
              <Stack key={screenshot.src} component="figure" gap="xs" m={0}>
                <Image src={screenshot.src} alt={screenshot.caption} radius="md" className={classes.screenshot} />
                <Text component="figcaption" size="sm" c="dimmed">
                  {screenshot.caption}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack component="section" id="yhteystiedot" aria-labelledby="yhteystiedot-otsikko" gap="xs">
          <Title order={2} id="yhteystiedot-otsikko">
            Yhteystiedot
          </Title>
          <Text>Kysy lisää palvelusta tai pyydä tunnukset:</Text>
          <Group gap="xl">
            {config.contactEmail && (
              <Text>
                Sähköposti: <Anchor href={`mailto:${config.contactEmail}`}>{config.contactEmail}</Anchor>
              </Text>
            )}
            {config.contactPhone && (
              <Text>
                Puhelin: <Anchor href={`tel:${config.contactPhone.replace(/\s+/g, '')}`}>{config.contactPhone}</Anchor>
              </Text>
            )}
          </Group>
        </Stack>
      </Stack>
    </Container>
  );
}
