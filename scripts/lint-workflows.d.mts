export interface Workflow {
  name: string;
  text: string;
  lineOffset: number;
}
export function workflowsInMarkdown(markdown: string): { text: string; line: number }[];
export function repositoryWorkflows(root?: string): Workflow[];
export function lintWorkflows(workflows: Workflow[]): Promise<string[]>;
export function ownTarget(uses: string): { kind: 'action' | 'workflow'; file: string } | undefined;
export function checkOwnInputs(workflows: Workflow[], root?: string): string[];
export const LINK_LIFE_MS: number;
export function longestGap(crons: string[], from?: number): number;
export function checkKeepAlive(workflows: Workflow[]): string[];
export function delayAllowance(gapMs: number): number;
