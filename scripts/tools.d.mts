// The types of tools.mjs for the TypeScript files that import it (bench/, scripts/demo.ts,
// test/global-setup.ts), so their calls are checked instead of typed `any`.
export type ToolName = 'node24' | 'helm3' | 'helm4' | 'kubectl';
export const TOOLS_DIR: string;
export const TOOLS: Record<
  ToolName,
  {
    spec: string;
    integrity: string;
    member: string;
    zipEntry?: string;
    out: string;
    versionArgs: string[];
    expect: RegExp;
  }
>;
export function ensureTools<N extends ToolName>(
  names?: N[],
  log?: (line: string) => void,
): Record<N, string>;
