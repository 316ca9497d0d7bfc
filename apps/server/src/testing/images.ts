import zlib from 'node:zlib';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `width` × `height` pixels from its rows, each row its filter byte then its pixels. */
function png(width: number, height: number, format: { bitDepth: number; colourType: number }, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(format.bitDepth, 8);
  header.writeUInt8(format.colourType, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A valid one-bit grayscale PNG of `width` × `height` pixels, all black: a few kilobytes however large, as an image
 * that decodes to far more than its file (5000 × 5000 is about 3 KB).
 */
export function flatPng(width: number, height: number): Buffer {
  return png(width, height, { bitDepth: 1, colourType: 0 }, Buffer.alloc((1 + Math.ceil(width / 8)) * height));
}

/** An RGB PNG of one colour: a test picture told apart from others in a PDF by its size or colour. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from(rgb))]);
  return png(width, height, { bitDepth: 8, colourType: 2 }, Buffer.concat(Array.from({ length: height }, () => row)));
}
