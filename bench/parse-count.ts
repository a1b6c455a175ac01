/**
 * Runs the root action in this process (as `dist/index.js` would, from the same environment) and
 * counts the `yaml` parses and whole-document `toJS` calls of large texts, by hooking the
 * library's Parser and Document classes (every parse of a text is one `Parser.parse`). Used by
 * bench/values-publish.ts, in a child process; writes `{ parses, toJS }` to PARSE_COUNT_OUT.
 */
import { writeFileSync } from 'node:fs';
import { Document, Parser } from 'yaml';

/** Texts of at least this many characters are counted (the big values file and its edits). */
const LARGE = Number(process.env.PARSE_COUNT_MIN ?? 100_000);
const counts = { parses: 0, toJS: 0, lengths: [] as number[] };

type Parse = (this: Parser, source: string, incomplete?: boolean) => Generator;
const parse = Object.getOwnPropertyDescriptor(Parser.prototype, 'parse')!.value as Parse;
(Parser.prototype as unknown as { parse: Parse }).parse = function* (source, incomplete) {
  if (source.length >= LARGE) {
    counts.parses++;
    counts.lengths.push(source.length);
  }
  yield* parse.call(this, source, incomplete);
};
type ToJS = (this: Document, ...args: unknown[]) => unknown;
const toJS = Object.getOwnPropertyDescriptor(Document.prototype, 'toJS')!.value as ToJS;
(Document.prototype as unknown as { toJS: ToJS }).toJS = function (...args) {
  if ((this.range?.[2] ?? 0) - (this.range?.[0] ?? 0) >= LARGE) counts.toJS++;
  return toJS.apply(this, args);
};

process.on('exit', () => writeFileSync(process.env.PARSE_COUNT_OUT!, JSON.stringify(counts)));
const { main } = await import('../src/entry/action/main.js');
await main();
