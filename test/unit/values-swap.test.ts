/**
 * The read-back of an edit proven by the one token it swaps (src/values/swap.ts): an edit planned
 * with a placeholder link and read back whole, then the same edit with the real link. The check
 * accepts the real edit's text, and refuses a text that differs otherwise: the token elsewhere, a
 * token that changes the structure, a token found twice, a node with an anchor.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument, Parser } from 'yaml';
import { documentsOf, toJSOnce } from '../../src/shared/documents.js';
import { planValuesEdit } from '../../src/values/edit.js';
import { swapReadsBack } from '../../src/values/swap.js';

const PLACEHOLDER =
  'https://render-check.invalid/rendercheck0123456789abcdef01234567/site.tar.gz?X-Amz-Signature=rendercheck0123456789abcdef01234567';
const REAL = 'https://bucket.example/docs/site.tar.gz?X-Amz-Signature=abc123';

const edit = (text: string, bundleUrl: string) =>
  planValuesEdit(text, { enabled: true, bundleUrl, version: '1.2.0' }).text;

/** The placeholder edit of `text`, as verify leaves it: its text, documents and data. */
function verified(text: string) {
  const out = edit(text, PLACEHOLDER);
  const doc = documentsOf(out)[0]!;
  return { link: PLACEHOLDER, text: out, doc, expected: toJSOnce(doc) };
}

/**
 * The texts the yaml library parsed while `run` ran, whoever asked: every parse (the document
 * store's, or parseDocument called directly, as swap.ts does) goes through Parser#parse. The
 * method is wrapped to note its source, and calls the library's own.
 */
function parsedDuring<T>(run: () => T): { result: T; texts: string[] } {
  // Called below with the parser it belongs to (`original.call(this, …)`).
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const original = Parser.prototype.parse;
  const texts: string[] = [];
  Parser.prototype.parse = function (this: Parser, source: string, incomplete?: boolean) {
    texts.push(source);
    return original.call(this, source, incomplete);
  };
  try {
    return { result: run(), texts };
  } finally {
    Parser.prototype.parse = original;
  }
}

const block = (style: string) =>
  `replicaCount: 1 # the pods\nimage: {repository: nginx, tag: "1.27"}\nstaticExport:\n  enabled: false\n  bundleUrl: ${style}\n  version: "1.0.0"\nservice:\n  port: 80\n`;

describe('the swap of one token', () => {
  for (const [name, old] of [
    ['double-quoted', '"https://old.example/site.tar.gz"'],
    ['single-quoted', "'https://old.example/site.tar.gz'"],
    ['plain', 'https://old.example/site.tar.gz'],
  ] as const)
    it(`accepts the real edit of a ${name} link: the placeholder edit with that token swapped`, () => {
      const text = block(old);
      const v = verified(text);
      const real = edit(text, REAL);
      expect(real).toContain(REAL);
      expect(swapReadsBack(v, REAL, real)).toBe(true);
      // The same token swapped at the end of a line with a comment after it.
      const commented = text.replace(old, `${old} # where the site is`);
      expect(swapReadsBack(verified(commented), REAL, edit(commented, REAL))).toBe(true);
    });

  it("accepts it in argo-cd's real values file, where the block is added", async () => {
    const text = await readFile(
      join(import.meta.dirname, '../fixtures/argo-helm/argo-cd.yaml'),
      'utf8',
    );
    const v = verified(text);
    const real = edit(text, REAL);
    const { result, texts } = parsedDuring(() => swapReadsBack(v, REAL, real));
    expect(result).toBe(true);
    // Only one-line texts were parsed: the token alone, never the file.
    expect(texts.filter((t) => t.trim().includes('\n'))).toEqual([]);
    // The hook sees a parse made straight through the library, not only the store's.
    expect(parsedDuring(() => parseDocument(real)).texts).toEqual([real]);
  });

  it('refuses the token swapped in at another place, or anything else changed', () => {
    const v = verified(block('"https://old.example/site.tar.gz"'));
    const real = edit(block('"https://old.example/site.tar.gz"'), REAL);
    // The placeholder left where it was, the real link written over another value.
    expect(swapReadsBack(v, REAL, v.text.replace('nginx', JSON.stringify(REAL)))).toBe(false);
    // The right swap, and another byte changed too, before or after it.
    expect(swapReadsBack(v, REAL, real.replace('replicaCount: 1', 'replicaCount: 2'))).toBe(false);
    expect(swapReadsBack(v, REAL, real.replace('port: 80', 'port: 81'))).toBe(false);
    // A token that holds another link than the one meant.
    expect(swapReadsBack(v, `${REAL}x`, real)).toBe(false);
  });

  it('refuses a token that would change the structure or read otherwise', () => {
    const v = verified(block('"https://old.example/site.tar.gz"'));
    const at = v.text.indexOf(`"${PLACEHOLDER}"`);
    const swap = (token: string) =>
      `${v.text.slice(0, at)}${token}${v.text.slice(at + PLACEHOLDER.length + 2)}`;
    expect(swapReadsBack(v, REAL, swap(JSON.stringify(REAL)))).toBe(true);
    // A quote inside: the token ends early, the rest is more YAML.
    expect(swapReadsBack(v, 'a"b', swap('"a"b"'))).toBe(false);
    expect(swapReadsBack(v, 'a', swap('"a", x: "y"'))).toBe(false);
    // A line break: the value goes on over two lines.
    expect(swapReadsBack(v, 'a b', swap('"a\nb"'))).toBe(false);
    // Another style than the placeholder's, reading as the same string.
    expect(swapReadsBack(v, REAL, swap(`'${REAL}'`))).toBe(false);
    // A comment taken into the token.
    expect(swapReadsBack(v, REAL, swap(`${JSON.stringify(REAL)} # x`))).toBe(false);

    const p = verified(block('https://old.example/site.tar.gz'));
    const pat = p.text.indexOf(PLACEHOLDER);
    const plain = (token: string) =>
      `${p.text.slice(0, pat)}${token}${p.text.slice(pat + PLACEHOLDER.length)}`;
    expect(swapReadsBack(p, REAL, plain(REAL))).toBe(true);
    // `: ` makes a plain value a mapping; ` #` starts a comment; `yes` is a boolean to YAML 1.1.
    expect(swapReadsBack(p, 'http://x: y', plain('http://x: y'))).toBe(false);
    expect(swapReadsBack(p, 'http://x', plain('http://x #y'))).toBe(false);
    expect(swapReadsBack(p, 'yes', plain('yes'))).toBe(false);
    expect(swapReadsBack(p, 'a:', plain('a:'))).toBe(false);
  });

  it('refuses a token found twice, and a link node with an anchor', () => {
    // The real token written elsewhere in the file already.
    const twice = `${block('"https://old.example/site.tar.gz"')}mirror: ${JSON.stringify(REAL)}\n`;
    expect(edit(twice, REAL)).toContain(REAL);
    expect(swapReadsBack(verified(twice), REAL, edit(twice, REAL))).toBe(false);
    // The placeholder's token in a comment.
    const comment = `# "${PLACEHOLDER}"\n${block('"https://old.example/site.tar.gz"')}`;
    expect(swapReadsBack(verified(comment), REAL, edit(comment, REAL))).toBe(false);
    // One node, but its mapping aliased elsewhere: the data holds the link twice (made by hand,
    // as the edit refuses such a block before it is written).
    const shared = `staticExport: &se\n  bundleUrl: "${PLACEHOLDER}"\ncopy: *se\n`;
    const sharedDoc = documentsOf(shared)[0]!;
    const aliased = {
      link: PLACEHOLDER,
      text: shared,
      doc: sharedDoc,
      expected: toJSOnce(sharedDoc),
    };
    expect(swapReadsBack(aliased, REAL, shared.replace(PLACEHOLDER, REAL))).toBe(false);
    // An anchor or a tag on the link's node (an edit refuses the one and replaces the other,
    // so these texts are made by hand, each read as verify would have).
    const v = verified(block('"https://old.example/site.tar.gz"'));
    for (const props of ['&url ', '!!str ']) {
      const text = v.text.replace(`"${PLACEHOLDER}"`, `${props}"${PLACEHOLDER}"`);
      const doc = documentsOf(text)[0]!;
      const marked = { link: PLACEHOLDER, text, doc, expected: toJSOnce(doc) };
      expect(marked.expected).toEqual(v.expected);
      const real = text.replace(`"${PLACEHOLDER}"`, JSON.stringify(REAL));
      expect(swapReadsBack(marked, REAL, real)).toBe(false);
    }
  });
});
