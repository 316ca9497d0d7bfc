import { tenancyBounds } from '@olo/shared';

/** The slug suggested for a name: "Äijälän koulu" becomes "aijalan-koulu". */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, tenancyBounds.slugMax)
    .replace(/-+$/, '');
}

/** The address of an organization's page. */
export const organizationLink = (slug: string) => `/o/${encodeURIComponent(slug)}`;
