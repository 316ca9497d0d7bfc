import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { unexpectedError } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../testing/translations.ts';
import { errorText } from './errorText.ts';

describe('errorText', () => {
  it('shows an unexpected server error in the user’s language with the reference it was logged under', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: unexpectedError, extensions: { code: 'INTERNAL_SERVER_ERROR', reference: '0a1b2c3d4e5f' } }],
    });
    expect(errorText(error, createTestI18n('fi').t)).toBe('Odottamaton virhe palvelimella. Viite: 0a1b2c3d4e5f');
    expect(errorText(error, createTestI18n('sv').t)).toBe('Oväntat fel på servern. Referens: 0a1b2c3d4e5f');
  });

  it('keeps an expected error’s own message, with no reference', () => {
    const error = new CombinedGraphQLErrors({
      data: null,
      errors: [{ message: 'Permission denied', extensions: { code: 'FORBIDDEN' } }],
    });
    expect(errorText(error, createTestI18n('en').t)).toBe('Permission denied');
  });
});
