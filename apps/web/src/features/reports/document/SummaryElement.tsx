import { Title } from '@mantine/core';
import type { ReportElementOf } from '@olo/shared';
import type { ReportScope } from './reportScope.ts';

/** Placeholder until the data elements land (W2 replaces this file): the title, and ready at once (nothing to draw). */
export function SummaryElement({ element }: { element: ReportElementOf<'summary'>; scope: ReportScope }) {
  return (
    <div data-report-element-ready="true">
      {element.title && (
        <Title order={3} size="h4">
          {element.title}
        </Title>
      )}
    </div>
  );
}
