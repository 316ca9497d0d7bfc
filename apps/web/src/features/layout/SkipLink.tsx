import { useTranslation } from 'react-i18next';
import classes from './SkipLink.module.css';

/** Id of the element that holds a page's own content, where the skip link leads. */
export const mainContentId = 'main-content';

/**
 * "Skip to content": the first thing a keyboard user reaches on every page, hidden until focused (WCAG 2.4.1). It moves
 * focus into the page's main element without changing the address, which the router owns.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${mainContentId}`}
      className={classes.skipLink}
      onClick={(event) => {
        const main = document.getElementById(mainContentId);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {t('Skip to content')}
    </a>
  );
}
