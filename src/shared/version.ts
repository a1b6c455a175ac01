/** Kept equal to package.json's version by a unit test. */
export const VERSION = '0.1.0';
export const USER_AGENT = `static-export-helm-action/${VERSION}`;
