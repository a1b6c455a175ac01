export const ACTION_DOCS: Record<string, string>;
export function docFiles(root?: string): string[];
export function renderTable(actionYaml: string, kind: 'inputs' | 'outputs'): string;
export function renderDoc(
  text: string,
  readFile?: (file: string) => string,
  docPath?: string,
): Promise<string>;
export function renderReadme(
  readme: string,
  readAction?: (file: string) => string,
): Promise<string>;
export function markers(text: string): { kind: 'inputs' | 'outputs' | 'example'; file: string }[];
export function slug(heading: string): string;
export function headingAnchors(markdown: string): Set<string>;
export function relativeLinks(markdown: string): { target: string; line: number }[];
export function checkLinks(files: string[], root?: string): string[];
export function checkPaths(files: string[], root?: string): string[];
export function missingTables(readDoc?: (file: string) => string): string[];
