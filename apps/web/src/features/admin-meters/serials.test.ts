import { meterSerialsInput } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import { parseSerials } from './serials.ts';

describe('parseSerials', () => {
  it('takes serials one per line or separated by commas, keeping the separators inside a serial', () => {
    const text = '70B3D57ED0000001\n 70-b3-d5-7e-d0-00-00-02 ,70:B3:D5:7E:D0:00:00:03;\n\n70 B3 D5 7E D0 00 00 04';
    const serials = parseSerials(text);
    expect(serials).toEqual([
      '70B3D57ED0000001',
      '70-b3-d5-7e-d0-00-00-02',
      '70:B3:D5:7E:D0:00:00:03',
      '70 B3 D5 7E D0 00 00 04',
    ]);
    expect(meterSerialsInput.parse({ serials }).serials).toEqual([
      '70b3d57ed0000001',
      '70b3d57ed0000002',
      '70b3d57ed0000003',
      '70b3d57ed0000004',
    ]);
  });
});
