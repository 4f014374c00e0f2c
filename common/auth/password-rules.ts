// Password lengths, for the forms' browser checks and for the server (better-auth and the form
// schemas). Kept apart from the schemas so pages import two numbers, not a validation library.

export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;
