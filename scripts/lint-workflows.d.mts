export interface Workflow {
  name: string;
  text: string;
  lineOffset: number;
}
export function workflowsInMarkdown(markdown: string): { text: string; line: number }[];
export function repositoryWorkflows(root?: string): Workflow[];
export function lintWorkflows(workflows: Workflow[]): Promise<string[]>;
