/** A path naming a file (it ends in an extension, like /favicon.svg or /store.data), not a page. */
export function isFilePath(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path);
}

/**
 * A request's path as logged: an emailed token in it (better-auth's reset link carries one in the
 * path) is a way into an account, so it is left out. Query strings are never logged.
 */
export function loggedPath(path: string): string {
  return path.replace(/(\/reset-password\/)[^/]+/, "$1[token]");
}
