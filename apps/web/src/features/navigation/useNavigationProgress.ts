import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useLocation, useNavigation } from 'react-router';

// The default template gives the bar role="bar", which is no ARIA role (axe: aria-roles); the bar is decoration.
NProgress.configure({
  minimum: 0.08,
  trickleSpeed: 800,
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

/** Shows the progress bar while the router loads a route and briefly on every change of location. */
export function useNavigationProgress(): void {
  const navigation = useNavigation();
  const location = useLocation();

  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new location on purpose.
  useEffect(() => {
    NProgress.start();
    const timer = window.setTimeout(() => NProgress.done(), 150);
    return () => {
      window.clearTimeout(timer);
      NProgress.done();
    };
  }, [location.key]);
}
