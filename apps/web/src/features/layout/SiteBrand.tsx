import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { type OloConfig, config as siteConfig } from '../../config.ts';
import classes from './SiteBrand.module.css';

/** Olo's own mark, drawn when no SITE_LOGO is configured: a reading's dot inside an "O", in the brand blue. */
export function OloMark({ label }: { label: string }) {
  return (
    <svg className={classes.logo} viewBox="0 0 32 32" role="img" aria-label={label} data-testid="olo-mark">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-olo-6)" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="3.5" />
      <circle cx="16" cy="16" r="3" fill="#fff" />
    </svg>
  );
}

/**
 * The header's link home: the site's logo (SITE_LOGO, or Olo's mark) and name. The logo's alt text is the site
 * name, which is the link's name; the name beside it is the same words for the eye, so it is not read twice.
 */
export function SiteBrand({
  to,
  config = siteConfig,
}: {
  to: string;
  config?: Pick<OloConfig, 'siteName' | 'siteLogoUrl'>;
}) {
  return (
    <Anchor component={Link} to={to} className={classes.brand} underline="never" data-testid="site-brand">
      {config.siteLogoUrl ? (
        <img className={classes.logo} src={config.siteLogoUrl} alt={config.siteName} />
      ) : (
        <OloMark label={config.siteName} />
      )}
      <span className={classes.name} aria-hidden="true">
        {config.siteName}
      </span>
    </Anchor>
  );
}
