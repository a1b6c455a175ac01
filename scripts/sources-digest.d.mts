// The types of sources-digest.mjs for the TypeScript files that import it.
export const ROOT: string;
export const STAMP: string;
export const LOCAL_BUILD: string;
export function sourcesDigest(): string;
export function installedDigest(): string;
export function staleReason(): string;
