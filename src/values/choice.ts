/**
 * The values-document input: which document (and which chart values in it) of a values file is
 * the target, when a file holds several. One choice per line:
 *
 *     HelmRelease/docs                       every values file: the HelmRelease named docs
 *     docs                                   any kind named docs (a helmCharts entry: its releaseName)
 *     prod/HelmRelease/docs                  the one in namespace prod, where names repeat
 *     clusters/prod/docs.yaml: HelmRelease/docs   only in that values file
 *     Application/docs[docs-chart]           a chart source of a multi-source Application
 *     ConfigMap/docs-values[values.yaml]     a ConfigMap's data key (values.yaml by default)
 *
 * Two lines for one file choose two targets in it (one write). A line without a file applies to
 * every values file. `#` starts a comment, on its own line or after a space.
 */
import { InputError } from '../shared/errors.js';
import { parseWorkspacePath, type InputGetter, type InputSpec } from '../shared/inputs.js';
import { printable } from '../shared/text.js';

export const ValuesDocumentInput = {
  name: 'values-document',
  default: '',
  text: { maxLength: 8192, formatting: false },
} as const satisfies InputSpec;

export interface Selector {
  /** As written, for messages. */
  raw: string;
  kind?: string;
  name: string;
  namespace?: string;
  part?: string;
  /** The file it is for (absolute path), or undefined for every file. */
  file?: string;
}

const NAME = /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const KIND = /^[A-Za-z][A-Za-z0-9]*$/;
const PART = /^[^\s[\]]+$/;

/** Parses values-document: one choice per line, blank lines skipped. */
export function parseValuesDocument(get: InputGetter, workspace: string): Selector[] {
  const name = ValuesDocumentInput.name;
  const selectors: Selector[] = [];
  get(ValuesDocumentInput)
    .split(/\r?\n/)
    .forEach((line, index) => {
      // A comment as YAML writes it: a whole line, or after a space (a name holds no `#`).
      const text = line.replace(/(^|\s)#.*$/, '').trim();
      if (text === '') return;
      const colon = text.lastIndexOf(':');
      const choice = (colon === -1 ? text : text.slice(colon + 1)).trim();
      const fileText = colon === -1 ? undefined : text.slice(0, colon).trim();
      const file =
        fileText === undefined
          ? undefined
          : parseWorkspacePath(name, fileText, workspace, 'clusters/prod/docs.yaml', index + 1);
      const selector = parseChoice(choice);
      if (!selector)
        throw new InputError(
          name,
          `line ${index + 1} ("${printable(text)}") is not a document choice`,
          'Write KIND/NAME (e.g. HelmRelease/docs) or NAME, optionally NAMESPACE/KIND/NAME, a [KEY] for a ConfigMap key or an Application source, and "FILE: " before it to choose in one values file only.',
        );
      selectors.push({ ...selector, raw: text, file });
    });
  return selectors;
}

function parseChoice(text: string): Omit<Selector, 'raw' | 'file'> | undefined {
  const bracket = /^(.*?)\[([^\]]*)\]$/.exec(text);
  const part = bracket?.[2]?.trim();
  if (bracket && (!part || !PART.test(part))) return undefined;
  const parts = (bracket ? bracket[1]! : text).split('/').map((p) => p.trim());
  const name = parts[parts.length - 1]!;
  const kind = parts.length >= 2 ? parts[parts.length - 2] : undefined;
  const namespace = parts.length === 3 ? parts[0] : undefined;
  if (parts.length > 3 || !NAME.test(name)) return undefined;
  if (kind !== undefined && !KIND.test(kind)) return undefined;
  if (namespace !== undefined && !NAME.test(namespace)) return undefined;
  return { kind, name, namespace, part };
}

/**
 * A `FILE: ` prefix must name one of the values files (as values-file gives it): a typo would
 * otherwise choose nothing, and the file it meant would go unchosen or be refused for it.
 */
export function checkChoiceFiles(
  selectors: readonly Selector[],
  files: readonly { path: string; display: string }[],
): void {
  const stray = selectors.find(
    (s) => s.file !== undefined && !files.some((f) => f.path === s.file),
  );
  if (stray)
    throw new InputError(
      ValuesDocumentInput.name,
      `("${printable(stray.raw)}") names a file that is not one of the values files`,
      `Write the path as values-file gives it (${files.map((f) => f.display).join(', ')}), or leave out "FILE: " to choose in every values file.`,
    );
}
