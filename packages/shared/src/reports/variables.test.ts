import { describe, expect, it } from 'vitest';
import { fillReportVariables } from './variables.ts';

describe('report variables', () => {
  it('fills variables it knows and leaves other braces', () => {
    expect(
      fillReportVariables('{project.name}: {report.from} – {x.y} {}', {
        'project.name': 'Koulu',
        'report.from': '1.1.2026',
      }),
    ).toBe('Koulu: 1.1.2026 – {x.y} {}');
  });
});
