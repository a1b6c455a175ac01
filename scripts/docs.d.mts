export function renderTable(actionYaml: string, kind: 'inputs' | 'outputs'): string;
export function renderReadme(
  readme: string,
  readAction?: (file: string) => string,
): Promise<string>;
