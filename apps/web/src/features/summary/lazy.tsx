import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { SummaryViewProps } from './SummaryView.tsx';

// The summary's code and uPlot load with the first summary shown, not with the page that holds it.
const SummaryViewModule = lazy(() => import('./SummaryView.tsx').then((module) => ({ default: module.SummaryView })));

function Loading() {
  return (
    <Center py="xl">
      <Loader size="sm" data-testid="summary-code-loading" />
    </Center>
  );
}

/** The summary of a project anywhere, e.g. read-only on its public page: `<LazySummaryView project={…} readOnly />`. */
export function LazySummaryView(props: SummaryViewProps) {
  return (
    <Suspense fallback={<Loading />}>
      <SummaryViewModule {...props} />
    </Suspense>
  );
}

export type { SummaryViewProps };
