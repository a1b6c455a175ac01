/**
 * The --set flags of a render: those of helm-args (the rollout passes them too), and those a tool
 * that installs the chart adds (a helmfile release's set entries). helm applies every --set after
 * every values file, so the plain ones become one values layer that wins over the files, and one
 * this run cannot read (json, file, literal, an escape or a list index) on the keys it writes
 * counts as winning over them.
 */
import { stringify } from 'yaml';
import { overlaps } from '../shared/set-path.js';
import { typedSet, type ValuesLayer } from '../controllers/helm.js';

/** The flags of helm-args that set values: the render passes them as the rollout does. */
const VALUE_FLAGS = new Set([
  '-f',
  '--values',
  '--set',
  '--set-string',
  '--set-json',
  '--set-file',
  '--set-literal',
]);

/**
 * The value-setting flags among helm-args (one argument a line: `--set` then `a=b`, or
 * `--set=a=b`), in order; the others (`--atomic`, `--wait`, …) mean nothing to a render.
 */
export function valueFlags(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = arg.startsWith('--') ? arg.split('=', 1)[0]! : arg;
    if (VALUE_FLAGS.has(name)) {
      if (name !== arg) kept.push(arg);
      else if (i + 1 < args.length) kept.push(arg, args[++i]!);
    } else if (/^-f./.test(arg)) kept.push(arg);
  }
  return kept;
}

/**
 * The plain `--set` and `--set-string` assignments of helm-args as one values layer (helm applies
 * them over every values file): `a.b=c`, several split at commas. A path with an escape or a list
 * index, and the other --set forms (json, file, literal), are left out: not read here.
 */
export function setLayer(
  helmArgs: readonly string[],
  valuesKey: string,
  where: SetSource = HELM_ARGS,
): ValuesLayer[] {
  const flags = valueFlags(helmArgs);
  const values: Record<string, unknown> = {};
  const block = valuesKey.split('.');
  // A value flag not read here (json, file, literal, an escape or a list index) whose path is the
  // block, above it, or one of its keys (as strvals reads the path): it may set them, so it counts
  // as winning over them.
  const touches = (path: string): boolean => overlaps(path, block);
  let unreadFlag: string | undefined;
  for (let i = 0; i < flags.length; i++) {
    const item = flags[i]!;
    const long = item.startsWith('--');
    const flag = long ? item.split('=', 1)[0]! : item.slice(0, 2);
    // `--set=a=b` and `-fvalues.yaml` carry their value; `--set a=b` and `-f x` take the next.
    const inline = long
      ? item.includes('=')
        ? item.slice(flag.length + 1)
        : undefined
      : item.length > 2
        ? item.slice(2)
        : undefined;
    const text = inline ?? flags[++i] ?? '';
    if (flag === '-f' || flag === '--values') continue;
    const plain = (flag === '--set' || flag === '--set-string') && !/[\\[\]]/.test(text);
    if (!plain) {
      const paths =
        flag === '--set-json'
          ? [text.split('=', 1)[0]!]
          : text.split(',').map((a) => a.split('=', 1)[0]!);
      if (paths.some(touches)) unreadFlag ??= flag;
      continue;
    }
    for (const assignment of text.split(',')) {
      const eq = assignment.indexOf('=');
      if (eq <= 0) continue;
      const path = assignment.slice(0, eq).split('.');
      if (path.some((key) => key === '' || key === '__proto__' || key === 'constructor')) continue;
      const raw = assignment.slice(eq + 1);
      let node = values;
      for (const key of path.slice(0, -1)) {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      node[path.at(-1)!] = flag === '--set-string' ? raw : typedSet(raw);
    }
  }
  const layers: ValuesLayer[] = unreadFlag
    ? [
        {
          name: `a ${unreadFlag} in ${where.name}`,
          unread: true,
          fix: `Remove that ${unreadFlag} from ${where.name} (it may set the keys this run writes, and wins over every values file), or write it as a plain ${where.plain}.`,
        },
      ]
    : [];
  return Object.keys(values).length > 0
    ? [
        ...layers,
        {
          name: `a ${where.plain} in ${where.name}`,
          yaml: stringify(values),
          fix: `Remove that ${where.plain} from ${where.name} (it wins over every values file); the run writes these keys itself.`,
        },
      ]
    : layers;
}

/** Where --set flags come from, as the refusal names them. */
export interface SetSource {
  name: string;
  /** The plain form there: `--set` in helm-args, a `set` entry in a helmfile. */
  plain: string;
}

const HELM_ARGS: SetSource = { name: 'helm-args', plain: '--set' };
