import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Test images made at run time with sharp: real files of each kind the uploads meet. */
const solid = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } });

export const png = (width = 64, height = 64, color = '#e03131') => solid(width, height, color).png().toBuffer();
export const jpeg = (width = 64, height = 64, color = '#1971c2') => solid(width, height, color).jpeg().toBuffer();
export const webp = (width = 64, height = 64, color = '#2f9e44') => solid(width, height, color).webp().toBuffer();
export const gif = (width = 64, height = 64, color = '#f59f00') => solid(width, height, color).gif().toBuffer();
export const avif = (width = 64, height = 64, color = '#7048e8') => solid(width, height, color).avif().toBuffer();

/** A three-frame animated GIF. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(['#e03131', '#2f9e44', '#1971c2'].map((c) => solid(40, 30, c).png().toBuffer()));
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** An SVG that would run a script if it were ever served as SVG. */
export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script>' +
    '<rect width="64" height="64" fill="red"/></svg>',
);

/** Plain text, to be sent under a .png name and an image/png type. */
export const textFile = Buffer.from('This is not a picture at all.\n'.repeat(20));

/** A real PNG of noise, stored uncompressed: just over the given size. */
export async function pngOfSize(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A pixel flood: a valid, fully decodable 20000x20000 greyscale PNG of about 400 KB, which would
 * take 400 MB (1.6 GB as RGBA) to decode. The zeros are deflated as a stream, never held whole.
 */
export async function pixelFloodPng(side = 20_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(side + 1); // filter byte 0, then the pixels
  const deflate = zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const rowsPerWrite = Math.max(1, Math.floor(1_048_576 / row.length));
  const block = Buffer.concat(Array.from({ length: rowsPerWrite }, () => row));
  for (let written = 0; written < side; written += rowsPerWrite) {
    const rows = Math.min(rowsPerWrite, side - written);
    if (!deflate.write(rows === rowsPerWrite ? block : block.subarray(0, rows * row.length))) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await done;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
