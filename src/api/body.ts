/** Reading a response body safely: bounded in size, and described (never echoed) when unexpected. */
import { cleanText } from './schemas.js';

/** `text/html, 5120 bytes, titled "502 Bad Gateway"`: enough to recognise a proxy's page. */
export function describeBody(text: string, contentType: string | null): string {
  const type = contentType?.split(';')[0]?.trim() || 'no content type';
  const title = /<title>([^<]{1,100})<\/title>/i.exec(text)?.[1];
  return `${type}, ${Buffer.byteLength(text)} bytes${title ? `, titled "${cleanText(title, 80)}"` : ''}`;
}

/** A body larger than the limit: refused, not buffered. */
export class TooLarge extends Error {}

export async function readLimited(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
