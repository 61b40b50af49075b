import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@common/account/texts';
import { ApiError } from './api';
import { errorMessage, FALLBACK_ERROR_MESSAGE, formErrorMessage } from './errors';

describe('errorMessage', () => {
  it("shows the server's sentence, the one rate-limit sentence, or a generic one", () => {
    expect(errorMessage(new ApiError(401, 'wrong_password', 'Wrong password.'))).toBe('Wrong password.');
    expect(errorMessage(new ApiError(429, 'rate_limited', 'Slow down.'))).toBe(ACCOUNT_TEXTS.tooOften);
    expect(errorMessage(new TypeError('x is undefined'))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(errorMessage('nope')).toBe(FALLBACK_ERROR_MESSAGE);
  });
});

describe('formErrorMessage', () => {
  it('drops the field path in front of a validation message, and only there', () => {
    expect(formErrorMessage(new ApiError(400, 'validation_failed', 'text: Please write a comment first.'))).toBe('Please write a comment first.');
    expect(formErrorMessage(new ApiError(400, 'validation_failed', 'prompt.genre: Unknown genre.'))).toBe('Unknown genre.');
    expect(formErrorMessage(new ApiError(403, 'forbidden', 'title: kept as sent.'))).toBe('title: kept as sent.');
    expect(formErrorMessage(new Error('boom'))).toBe(FALLBACK_ERROR_MESSAGE);
  });
});
