/**
 * The document store: each YAML text a run reads, parsed once into `yaml` Documents that every
 * step shares — the values check, the edit's read-back, the render check's Go-YAML view, the
 * discovery of entry points and ApplicationSets, the proof. Parsing is the cost of a large file
 * (a 180 KB values file takes about 0.2 s of CPU, and a run used to parse it six times).
 *
 *   documentsOf(text)    every document of the text, parsed once (PARSE_OPTIONS)
 *   headOf(doc)          its top-level apiVersion and kind, without converting the rest
 *   (manifestsOf(text, wanted), in go-yaml.ts: the documents whose apiVersion/kind `wanted`
 *                        accepts, as data in the Go-YAML view, built on this store's parse)
 *   toJSOnce(doc)        the whole document as data (the spec's `<<`), converted once per document
 *   topLevelOf(doc)      its top-level keys, each value converted when it is read
 *   documentStats()      how many texts were parsed, and how many of them again (a test's check)
 *
 * One parse serves every reader: duplicate keys are allowed (`yaml`'s own check is quadratic;
 * firstDuplicateKey finds one in a pass, for the readers that refuse them) and merge keys are
 * marked (`merge: true`) but applied by each view: `toJS` the YAML spec's way, shared/go-yaml.ts
 * go-yaml's way (Helm's, kubectl's, the controllers'). Source tokens are kept for the values
 * edit's splices. Nothing that receives these Documents changes them (edits are made on the text);
 * a caller that must change one parses its own.
 *
 * Keyed by the whole text, so an edited text is a new entry. The parsed form takes about 120 times
 * the text's size in memory: the least recently used texts go first once more than 2 MB of text
 * (or 256 texts) are kept; the newest always stays. A text parsed again after that is counted in
 * `documentStats().again`.
 */
import { createHash } from 'node:crypto';
import {
  isMap,
  isNode,
  isScalar,
  parseAllDocuments,
  parseDocument,
  visit,
  type Document,
  type Node as YamlNode,
} from 'yaml';

/** How the store parses every text. */
export const PARSE_OPTIONS = {
  keepSourceTokens: true,
  uniqueKeys: false,
  prettyErrors: true,
  merge: true,
} as const;

/** Enough aliases for any real values file, few enough to stop a "billion laughs" file. */
export const TO_JS = { maxAliasCount: 10_000 } as const;

const LIMIT = { texts: 256, chars: 2_000_000 } as const;
const kept = new Map<string, readonly Document[]>();
let keptChars = 0;
/** Digests of every text parsed (not the texts: they may be large), to count a second parse. */
const seen = new Set<string>();
const stats = { parses: 0, again: 0, chars: 0 };

/**
 * Every document of `text`, parsed once while it is kept. A document may hold errors
 * (`doc.errors`): each reader decides what an error means for it. An empty stream (nothing, or
 * only comments) is one empty document.
 */
export function documentsOf(text: string): readonly Document[] {
  const known = kept.get(text);
  if (known) {
    // Used again: the last to go.
    kept.delete(text);
    kept.set(text, known);
    return known;
  }
  const docs = parse(text);
  kept.set(text, docs);
  keptChars += text.length;
  for (const oldest of kept.keys()) {
    if (kept.size <= 1 || (kept.size <= LIMIT.texts && keptChars <= LIMIT.chars)) break;
    kept.delete(oldest);
    keptChars -= oldest.length;
  }
  return docs;
}

function parse(text: string): readonly Document[] {
  stats.parses++;
  stats.chars += text.length;
  const digest = createHash('sha1').update(text).digest('base64');
  if (seen.has(digest)) stats.again++;
  seen.add(digest);
  const docs = parseAllDocuments(text, PARSE_OPTIONS);
  // An empty stream is not an array, or an empty one: the one empty document Helm reads.
  if (!Array.isArray(docs) || docs.length === 0)
    return Object.freeze([parseDocument(text, PARSE_OPTIONS)]);
  return Object.freeze(docs);
}

/**
 * Texts parsed since the process started (`parses`, `chars`), and how many of those parses were of
 * a text parsed before (`again`: evicted, then read once more). A run that shares its documents
 * adds nothing to `again`.
 */
export function documentStats(): { parses: number; again: number; chars: number } {
  return { ...stats };
}

/** A document's top-level `apiVersion` and `kind` when they are plain text (else undefined). */
export function headOf(doc: Document): { apiVersion?: string; kind?: string } {
  const root = doc.contents;
  if (!isMap(root)) return {};
  const head: { apiVersion?: string; kind?: string } = {};
  for (const pair of root.items) {
    if (!isScalar(pair.key) || !isScalar(pair.value)) continue;
    const { value } = pair.value;
    if (pair.key.value === 'apiVersion' && typeof value === 'string') head.apiVersion = value;
    if (pair.key.value === 'kind' && typeof value === 'string') head.kind = value;
  }
  return head;
}

/** The first key that repeats an earlier key of its mapping, or undefined (one pass). */
export function firstDuplicateKey(doc: Document): YamlNode | undefined {
  let found: YamlNode | undefined;
  visit(doc, {
    Map(_, map) {
      const seenKeys = new Set<unknown>();
      for (const { key } of map.items) {
        // As the library compares them: a scalar by its value; a merge key (`<<`) may repeat.
        if (!isScalar(key) || key.value === '<<' || typeof key.value === 'symbol') continue;
        if (seenKeys.has(key.value)) {
          found = key;
          return visit.BREAK;
        }
        seenKeys.add(key.value);
      }
      return undefined;
    },
  });
  return found;
}

const converted = new WeakMap<Document, { data: unknown } | { error: unknown }>();

/**
 * The whole document as data, the YAML spec's way (`toJS` with TO_JS), converted once per
 * document; throws what the conversion throws (too many aliases), each time. Shared by every
 * reader: never changed (a caller copies what it changes).
 */
export function toJSOnce(doc: Document): unknown {
  let known = converted.get(doc);
  if (!known) {
    try {
      known = { data: doc.toJS(TO_JS) as unknown };
    } catch (error) {
      known = { error };
    }
    converted.set(doc, known);
  }
  if ('error' in known) throw known.error;
  return known.data;
}

/**
 * The document's top-level mapping as an object whose values are converted (`toJS`) only when
 * read: a step that looks at a few top-level keys (is this a manifest? a Chart.yaml?) does not
 * convert a large values file. A document that is no plain mapping of text keys, or that merges
 * (`<<`) at the top, is converted whole (toJSOnce). Never changed by a caller, as toJSOnce's.
 */
export function topLevelOf(doc: Document): unknown {
  const root = doc.contents;
  if (
    !isMap(root) ||
    root.items.some(
      (pair) =>
        !isScalar(pair.key) || typeof pair.key.value !== 'string' || pair.key.value === '<<',
    )
  )
    return toJSOnce(doc);
  const known = converted.get(doc);
  if (known && 'data' in known) return known.data;
  const data: Record<string, unknown> = {};
  for (const pair of root.items) {
    const key = (pair.key as { value: string }).value;
    Object.defineProperty(data, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value: unknown = isNode(pair.value) ? pair.value.toJS(doc, TO_JS) : pair.value;
        Object.defineProperty(data, key, {
          value,
          enumerable: true,
          configurable: true,
          writable: true,
        });
        return value;
      },
    });
  }
  return data;
}
