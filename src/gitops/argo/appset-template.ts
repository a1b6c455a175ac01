/**
 * How Argo CD's ApplicationSet controller fills a template's strings with a generator's parameters
 * (applicationset/utils/utils.go, Render.Replace, applied to every string of the template):
 *
 * - fasttemplate (the default): each `{{tag}}` whose trimmed tag is a parameter holding a string
 *   is replaced by it; any other tag stays as written; a string without `{{…}}` on one line is
 *   left alone (isTemplatedRegex).
 * - Go templates (`goTemplate: true`): text/template with Sprig over the parameters. Only field
 *   chains (`{{ .path.basename }}`) and `index` into them (`{{ index .path.segments 1 }}`), with
 *   `{{-`/`-}}` trimming, are evaluated here: any other action (a function, a pipe, `if`,
 *   `range`) is not guessed, and makes the ApplicationSet out of reach, said to be. A missing
 *   key prints `<no value>` as Go's default does, or fails under `missingkey=error`.
 */

/** A template this run cannot evaluate exactly, with the expression that stops it. */
export class Unexpandable extends Error {}

export type Params = Record<string, unknown>;

const TEMPLATED = /^.*\{\{.*\}\}.*$/m;

/** One string of the template, filled as the controller fills it. */
export function fillString(
  text: string,
  params: Params,
  go: boolean,
  options: readonly string[] = [],
): string {
  if (go) return goFill(text, params, options);
  if (!TEMPLATED.test(text)) return text;
  let out = '';
  let at = 0;
  for (;;) {
    const start = text.indexOf('{{', at);
    if (start === -1) break;
    const end = text.indexOf('}}', start + 2);
    // fasttemplate.NewTemplate fails on a start tag without an end: the controller reports it.
    if (end === -1) throw new Unexpandable(`"${text}" opens {{ without closing it`);
    const tag = text.slice(start + 2, end);
    const value = params[tag.trim()];
    out += text.slice(at, start);
    out += tag.trim() !== '' && typeof value === 'string' ? value : `{{${tag}}}`;
    at = end + 2;
  }
  return out + text.slice(at);
}

const FIELD = /^\.(?:[A-Za-z_][A-Za-z0-9_]*)(?:\.[A-Za-z_][A-Za-z0-9_]*)*$|^\.$/;

function goFill(text: string, params: Params, options: readonly string[]): string {
  let out = '';
  let at = 0;
  const strict = options.some((o) => o.replace(/\s/g, '') === 'missingkey=error');
  for (;;) {
    const start = text.indexOf('{{', at);
    if (start === -1) break;
    const end = text.indexOf('}}', start + 2);
    if (end === -1) throw new Unexpandable(`"${text}" opens {{ without closing it`);
    let inner = text.slice(start + 2, end);
    let before = text.slice(at, start);
    let next = end + 2;
    // `{{- ` trims the space before the action, ` -}}` the space after (text/template's markers).
    if (/^-\s/.test(inner)) {
      before = before.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    if (/\s-$/.test(inner)) {
      inner = inner.slice(0, -1);
      while (next < text.length && /\s/.test(text[next]!)) next++;
    }
    out += before + goValue(inner.trim(), params, strict, text);
    at = next;
  }
  return out + text.slice(at);
}

function goValue(action: string, params: Params, strict: boolean, text: string): string {
  if (action.startsWith('/*')) return '';
  const words = action.split(/\s+/);
  let value: unknown;
  if (words.length === 1 && FIELD.test(words[0]!)) value = field(words[0]!, params, strict, text);
  else if (words[0] === 'index' && words.length >= 3 && FIELD.test(words[1]!)) {
    value = field(words[1]!, params, strict, text);
    for (const key of words.slice(2)) {
      if (Array.isArray(value) && /^\d+$/.test(key)) {
        const i = Number(key);
        if (i >= value.length)
          throw new Unexpandable(`{{${action}}} in "${text}" indexes out of range`);
        value = value[i];
      } else if (isMap(value) && /^"[^"\\]*"$/.test(key)) value = value[key.slice(1, -1)];
      else throw new Unexpandable(`{{${action}}} in "${text}" is not evaluated here`);
    }
  } else throw new Unexpandable(`{{${action}}} in "${text}" is not evaluated here`);
  return printed(value, action, text);
}

function field(path: string, params: Params, strict: boolean, text: string): unknown {
  let value: unknown = params;
  if (path === '.') return value;
  for (const name of path.slice(1).split('.')) {
    if (!isMap(value))
      throw new Unexpandable(`{{${path}}} in "${text}" reads a field of something not a map`);
    if (!(name in value)) {
      if (strict)
        throw new Unexpandable(`{{${path}}} in "${text}" names no parameter (missingkey=error)`);
      return undefined;
    }
    value = value[name];
  }
  return value;
}

/** A value as text/template prints it; only what prints the same in Go and here. */
function printed(value: unknown, action: string, text: string): string {
  if (value === undefined) return '<no value>';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  // Go prints a float64 with %g: the same as JavaScript for integers under a million.
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e6)
    return String(value);
  throw new Unexpandable(`{{${action}}} in "${text}" prints a value not reproduced here`);
}

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every string of `node` filled (map keys as written), as the controller's deeplyReplace does. */
export function fillTemplate(
  node: unknown,
  params: Params,
  go: boolean,
  options: readonly string[] = [],
): unknown {
  if (typeof node === 'string') return fillString(node, params, go, options);
  if (Array.isArray(node)) return node.map((n) => fillTemplate(n, params, go, options));
  if (!isMap(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.includes('{{'))
      throw new Unexpandable(`the template key "${key}" is a template, not expanded here`);
    out[key] = fillTemplate(value, params, go, options);
  }
  return out;
}

/**
 * Argo CD's utils.SanitizeName: lower case, each character but `-a-z0-9.` → `-` (Go's regexp
 * replaces a character, not a byte), at most 253 characters, `-` and `.` trimmed from both ends.
 */
export function sanitizeName(name: string): string {
  const replaced = [...name.toLowerCase()].map((c) => (/^[-a-z0-9.]$/.test(c) ? c : '-'));
  return replaced
    .join('')
    .slice(0, 253)
    .replace(/^[-.]+|[-.]+$/g, '');
}

/**
 * Go's %v of a value the fasttemplate flattening stores (flatten.Flatten then fmt.Sprintf):
 * strings, booleans and small integers; anything else is left out (a tag naming it stays).
 */
export function goPrinted(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e6)
    return String(value);
  return undefined;
}
