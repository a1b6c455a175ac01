/** The values-file input: which Helm values file the link is written into. */
import { parseWorkspacePath, type InputGetter, type InputSpec } from '../shared/inputs.js';

export const ValuesInputs = {
  // A blank value is refused: it is far more likely a mistake than a wish for values.yaml.
  ValuesFile: { name: 'values-file', default: 'values.yaml', blankIsError: true },
} as const satisfies Record<string, InputSpec>;

export interface ValuesFileInput {
  /** Absolute path, inside the workspace. */
  path: string;
  /** As the user wrote it, for messages and outputs. */
  display: string;
}

export function parseValuesFileInput(get: InputGetter, workspace: string): ValuesFileInput {
  const display = get(ValuesInputs.ValuesFile).trim();
  const path = parseWorkspacePath(ValuesInputs.ValuesFile.name, display, workspace, 'values.yaml');
  return { path, display };
}
