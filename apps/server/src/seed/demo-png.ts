import zlib from 'node:zlib';

/*
 * The demo's pictures are drawn here as PNGs (it ships no image files): the school's floor plan and the demo
 * organization's logo.
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG of `width` × `height` whose pixel at (x, y) has the colour `paint` gives. */
export function rgbPng(width: number, height: number, paint: (x: number, y: number) => readonly number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const [r = 255, g = 255, b = 255] = paint(x, y);
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo organization's logo: a blue "O" ring beside three rising bars, on white. */
export function demoLogoPng(): Buffer {
  const [width, height] = [240, 80];
  const blue = [28, 79, 166];
  const green = [47, 158, 68];
  return rgbPng(width, height, (x, y) => {
    const distance = Math.hypot(x - 40, y - 40);
    if (distance <= 34 && distance >= 22) return blue;
    const bars = [
      { x0: 92, top: 48 },
      { x0: 132, top: 30 },
      { x0: 172, top: 12 },
    ];
    for (const bar of bars) if (x >= bar.x0 && x < bar.x0 + 28 && y >= bar.top && y < 74) return green;
    return [255, 255, 255];
  });
}
