import { gzipSync } from 'node:zlib';

/** Writes a ustar archive of regular files (enough for a bundle of HTML pages). */
export function tar(files: { name: string; content: string | Buffer }[], mtime = 0): Buffer {
  const blocks: Buffer[] = [];
  for (const file of files) {
    const data = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8');
    const header = Buffer.alloc(512, 0);
    const name = Buffer.from(file.name, 'utf8');
    if (name.length > 100) throw new Error(`tar: name too long: ${file.name}`);
    name.copy(header, 0);
    header.write('0000644\0', 100, 'ascii');
    header.write('0000000\0', 108, 'ascii');
    header.write('0000000\0', 116, 'ascii');
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
    header.write(
      `${Math.floor(mtime / 1000)
        .toString(8)
        .padStart(11, '0')}\0`,
      136,
      'ascii',
    );
    header.write('        ', 148, 'ascii');
    header.write('0', 156, 'ascii');
    header.write('ustar\0', 257, 'ascii');
    header.write('00', 263, 'ascii');
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    blocks.push(header, data);
    const pad = (512 - (data.length % 512)) % 512;
    if (pad) blocks.push(Buffer.alloc(pad, 0));
  }
  blocks.push(Buffer.alloc(1024, 0));
  return Buffer.concat(blocks);
}

export function tarGz(files: { name: string; content: string | Buffer }[], mtime = 0): Buffer {
  return gzipSync(tar(files, mtime));
}

/** Reads back an archive `tar()` wrote (regular files with names of up to 100 bytes). */
export function untar(archive: Buffer): { name: string; content: Buffer }[] {
  const files: { name: string; content: Buffer }[] = [];
  for (let offset = 0; offset + 512 <= archive.length;) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, ''), 8);
    offset += 512;
    files.push({ name, content: archive.subarray(offset, offset + size) });
    offset += Math.ceil(size / 512) * 512;
  }
  return files;
}
