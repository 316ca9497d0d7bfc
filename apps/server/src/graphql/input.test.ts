import { describe, expect, expectTypeOf, it } from 'vitest';
import { absentNulls } from './input.ts';

describe('absentNulls', () => {
  const input: { id: number; name?: string | null; endAt?: Date | null; note?: string } = {
    id: 1,
    name: null,
    endAt: null,
    note: undefined,
  };

  it('leaves out nulls and undefined values', () => {
    expect(absentNulls(input)).toStrictEqual({ id: 1 });
    expect(absentNulls({ id: 1, name: 'A', active: false })).toStrictEqual({ id: 1, name: 'A', active: false });
  });

  it('keeps null on the clearable keys', () => {
    expect(absentNulls(input, { clearable: ['endAt'] })).toStrictEqual({ id: 1, endAt: null });
  });

  it('types the nulls it leaves out away', () => {
    expectTypeOf(absentNulls(input).name).toEqualTypeOf<string | undefined>();
    expectTypeOf(absentNulls(input, { clearable: ['endAt'] }).endAt).toEqualTypeOf<Date | null | undefined>();
    expectTypeOf(absentNulls(input).id).toEqualTypeOf<number>();
  });
});
