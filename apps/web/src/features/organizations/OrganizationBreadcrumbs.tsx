import { Anchor, Box, Breadcrumbs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrganizationAncestorsFieldsFragment } from '../../graphql/generated.ts';
import { organizationLink } from './slug.ts';

/** An organization with as many levels of parents as a query asked for; the topmost one asked for has no name. */
interface AncestorChain {
  id: string;
  slug: string;
  name?: string;
  parent?: AncestorChain | null;
}

export interface Ancestors {
  /** From the top down, as far as the viewer sees them. */
  named: { id: string; name: string; slug: string }[];
  /** A visible ancestor above those, which the query did not go up to. */
  further: { id: string; slug: string } | null;
}

export function ancestorsOf(organization: OrganizationAncestorsFieldsFragment): Ancestors {
  const named: Ancestors['named'] = [];
  let further: Ancestors['further'] = null;
  for (let ancestor: AncestorChain | null | undefined = organization.parent; ancestor; ancestor = ancestor.parent) {
    if (ancestor.name === undefined) {
      further = { id: ancestor.id, slug: ancestor.slug };
      break;
    }
    named.unshift({ id: ancestor.id, name: ancestor.name, slug: ancestor.slug });
  }
  return { named, further };
}

/**
 * The way up from an organization: the list of organizations, then its ancestors by name. Parents the viewer does
 * not see are left out, and so is everything above them, since the viewer could not open them anyway.
 */
export function OrganizationBreadcrumbs({ organization }: { organization: OrganizationAncestorsFieldsFragment }) {
  const { t } = useTranslation();
  const { named, further } = ancestorsOf(organization);
  return (
    <Box component="nav" aria-label={t('Breadcrumbs')}>
      <Breadcrumbs>
        <Anchor component={Link} to="/o">
          {t('Organizations')}
        </Anchor>
        {further && (
          <Anchor component={Link} to={organizationLink(further.slug)} aria-label={t('Organizations above')}>
            …
          </Anchor>
        )}
        {named.map((ancestor) => (
          <Anchor key={ancestor.id} component={Link} to={organizationLink(ancestor.slug)}>
            {ancestor.name}
          </Anchor>
        ))}
      </Breadcrumbs>
    </Box>
  );
}
