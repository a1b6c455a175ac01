/**
 * A helm binary's major without running it. Starting helm (`helm version`) costs a Go process,
 * about as much as the `helm template` it would label; a Go binary names its main module in its
 * build info (`path\thelm.sh/helm/v3/cmd/helm`), which the Go toolchain writes in the ELF section
 * `.go.buildinfo` (go's debug/buildinfo reads it there). So on Linux (ELF, 64-bit,
 * little-endian) the section headers are read, then the first bytes of that section: a few small
 * reads. Anything else (a Mach-O or PE binary, a wrapper script): undefined, and the caller runs
 * `helm version`.
 */
import { open } from 'node:fs/promises';

const MAGIC = Buffer.from('\xff Go buildinf:', 'latin1');
const MODULE = /path\thelm\.sh\/helm\/v(\d+)\//;

export async function binaryHelmMajor(path: string): Promise<number | undefined> {
  let file;
  try {
    file = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const read = async (offset: number, length: number) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await file.read(buf, 0, length, offset);
      return buf.subarray(0, bytesRead);
    };
    const head = await read(0, 64);
    // \x7fELF, 64-bit (2), little-endian (1).
    if (head.length < 64 || head.readUInt32BE(0) !== 0x7f454c46 || head[4] !== 2 || head[5] !== 1)
      return undefined;
    const shoff = Number(head.readBigUInt64LE(0x28));
    const shentsize = head.readUInt16LE(0x3a);
    const shnum = head.readUInt16LE(0x3c);
    const shstrndx = head.readUInt16LE(0x3e);
    if (shentsize < 64 || shnum === 0 || shnum > 512 || shstrndx >= shnum) return undefined;
    const table = await read(shoff, shentsize * shnum);
    if (table.length < shentsize * shnum) return undefined;
    const section = (i: number) => ({
      name: table.readUInt32LE(i * shentsize),
      offset: Number(table.readBigUInt64LE(i * shentsize + 0x18)),
      size: Number(table.readBigUInt64LE(i * shentsize + 0x20)),
    });
    const names = section(shstrndx);
    const strings = await read(names.offset, Math.min(names.size, 1 << 16));
    for (let i = 0; i < shnum; i++) {
      const s = section(i);
      const end = strings.indexOf(0, s.name);
      if (strings.toString('latin1', s.name, end < 0 ? undefined : end) !== '.go.buildinfo')
        continue;
      const info = await read(s.offset, Math.min(s.size, 4096));
      if (!info.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
      const m = MODULE.exec(info.toString('latin1'));
      return m ? Number(m[1]) : undefined;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    await file.close();
  }
}
