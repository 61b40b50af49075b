/**
 * What every 429 says to a person (ACCOUNT_TEXTS.tooOften), on its own: the API client on
 * every page needs this one sentence, not the other account texts.
 */
export const TOO_OFTEN = "You're doing that too often. Try again in a minute.";
