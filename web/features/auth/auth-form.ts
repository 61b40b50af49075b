export const ACCOUNT_NOT_LOADED_MESSAGE = 'You are signed in, but your account could not be loaded. Please reload the page.';
