import { describe, expect, it } from 'vitest';
import { compileExpression, expressionErrors, expressionProblem } from './expressions.ts';

describe('conversion and calibration expressions', () => {
  it.each([
    ['x', 21.5, 21.5],
    ['x + 0.3', 21.5, 21.8],
    ['x * 1.02 - 0.5', 10, 9.7],
    ['(x - 4) / 16 * 100', 12, 50],
    ['-x', 3, -3],
    ['2 ^ 3 ^ 2', 0, 512],
    ['x % 10', 27, 7],
    ['round(x * 10) / 10', 21.46, 21.5],
    ['max(x, 0)', -4, 0],
    ['sqrt(abs(x))', -16, 4],
    ['1.5e2 + x', 1, 151],
    ['.5 * x', 4, 2],
  ])('%s at x = %d gives %d', (source, x, expected) => {
    expect(compileExpression(source).apply(x)).toBeCloseTo(expected, 10);
  });

  it.each([
    ['', expressionErrors.empty],
    ['   ', expressionErrors.empty],
    ['x +', expressionErrors.syntax],
    ['(x', expressionErrors.syntax],
    ['y * 2', expressionErrors.unknownName],
    ['constructor', expressionErrors.unknownName],
    ['toString(x)', expressionErrors.unknownName],
    ['process.exit(1)', expressionErrors.syntax],
    ['x; 1', expressionErrors.unexpected],
    ['"a"', expressionErrors.unexpected],
    ['max(x)', expressionErrors.syntax],
    [`${'x+'.repeat(100)}x`, expressionErrors.tooLong],
    [`${'('.repeat(40)}x${')'.repeat(40)}`, expressionErrors.tooDeep],
  ])('refuses %j with a clear message', (source, message) => {
    expect(expressionProblem(source)).toBe(message);
  });

  it('refuses a result that is not a finite number', () => {
    const divide = compileExpression('1 / x');
    expect(() => divide.apply(0)).toThrow(expressionErrors.notFinite);
    expect(divide.apply(4)).toBe(0.25);
  });
});
