/** A path naming a file (it ends in an extension, like /favicon.svg or /store.data), not a page. */
export function isFilePath(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path);
}
