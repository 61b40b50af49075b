import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@common/account/texts';
import { MESSAGE_TEXTS } from '@common/messages/rules';
import { ApiError } from '../../lib/api';
import { refusalMessage } from './refusal';

describe('refusalMessage', () => {
  it("keeps a 429's own sentence, else says too often", () => {
    expect(refusalMessage(new ApiError(429, 'rate_limited', ACCOUNT_TEXTS.tooOften, MESSAGE_TEXTS.sameText))).toBe(MESSAGE_TEXTS.sameText);
    expect(refusalMessage(new ApiError(429, 'rate_limited', ACCOUNT_TEXTS.tooOften))).toBe(ACCOUNT_TEXTS.tooOften);
  });

  it('says nothing beside the composer for a network failure or a non-API error', () => {
    expect(refusalMessage(new ApiError(0, 'network_error', 'Could not reach the server.'))).toBeNull();
    expect(refusalMessage(new Error('boom'))).toBeNull();
  });

  it("gives the server's sentence for other refusals, without a validation path", () => {
    expect(refusalMessage(new ApiError(403, 'forbidden', MESSAGE_TEXTS.requestPending))).toBe(MESSAGE_TEXTS.requestPending);
    expect(refusalMessage(new ApiError(400, 'validation_failed', 'text: Please write a message.'))).toBe('Please write a message.');
  });
});
