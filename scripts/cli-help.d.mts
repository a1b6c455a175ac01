export const CLI_HELP_FILE: string;
export function renderCliHelp(readAction?: (file: string) => string): Promise<string>;
export function syncCliHelp(check: boolean): Promise<boolean>;
