import { Table } from '@mantine/core';
import { readableOn } from '@olo/shared';
import type { ReactNode } from 'react';

/** A striped table row's background is near white: band colours as text are made readable on it. */
const stripedRow = '#f8f9fa';

/**
 * A table cell of a value coloured by the band it falls in on its series' limit: the band as a bar at the cell's
 * edge, the number in the band's colour made readable. Without a band (no limit, no value), plain.
 */
export function BandValueCell({
  band,
  testId,
  children,
}: {
  band: string | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Table.Td
      ta="right"
      style={{
        whiteSpace: 'nowrap',
        ...(band ? { color: readableOn(band, stripedRow), boxShadow: `inset -4px 0 0 ${band}`, fontWeight: 600 } : {}),
      }}
      data-testid={testId}
      data-band-color={band ?? undefined}
    >
      {children}
    </Table.Td>
  );
}
