import { describe, expect, it } from 'vitest';
import { flatPng } from '../../testing/images.ts';
import { blankImage, boundPrintImages, imageDimensions, isPrintableImage } from './report-pdf.images.ts';

const dataUri = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

function gif(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(13);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

/** A JPEG's start, an APP0 segment before the frame header that gives the size. */
function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const frame = Buffer.from([0xff, 0xc2, 0x00, 0x11, 8, 0, 0, 0, 0, 3]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, frame, Buffer.alloc(9)]);
}

function webp(chunk: 'VP8X' | 'VP8L', width: number, height: number): Buffer {
  const bytes = Buffer.alloc(32);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(24, 4);
  bytes.write('WEBP', 8, 'latin1');
  bytes.write(chunk, 12, 'latin1');
  if (chunk === 'VP8X') {
    bytes.writeUIntLE(width - 1, 24, 3);
    bytes.writeUIntLE(height - 1, 27, 3);
  } else {
    bytes.writeUInt8(0x2f, 20);
    bytes.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  }
  return bytes;
}

describe('print images', () => {
  it('reads the size a PNG, GIF, JPEG or WebP declares, and nothing of other files', () => {
    expect(imageDimensions(flatPng(5000, 4000))).toEqual({ width: 5000, height: 4000 });
    expect(imageDimensions(gif(320, 200))).toEqual({ width: 320, height: 200 });
    expect(imageDimensions(jpeg(1024, 768))).toEqual({ width: 1024, height: 768 });
    expect(imageDimensions(webp('VP8X', 16_000, 9000))).toEqual({ width: 16_000, height: 9000 });
    expect(imageDimensions(webp('VP8L', 300, 100))).toEqual({ width: 300, height: 100 });
    expect(imageDimensions(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageDimensions(Buffer.alloc(0))).toBeNull();
  });

  it('takes raster images up to 4000 px a side and 4 megapixels', () => {
    expect(isPrintableImage(flatPng(2000, 2000))).toBe(true);
    expect(isPrintableImage(flatPng(4001, 10))).toBe(false);
    expect(isPrintableImage(flatPng(2001, 2000))).toBe(false);
    expect(isPrintableImage(jpeg(65_000, 65_000))).toBe(false);
  });

  it("keeps a template's small images and blanks large and vector ones, in HTML and CSS alike", () => {
    const small = dataUri('image/png', flatPng(200, 50));
    const large = dataUri('image/png', flatPng(5000, 5000));
    const svg = dataUri('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    const html = `<img src="${small}"><img src="${large}"><div style="background:url(${svg})">x</div>`;
    expect(boundPrintImages(html)).toBe(
      `<img src="${small}"><img src="${blankImage}"><div style="background:url(${blankImage})">x</div>`,
    );
    const css = `body { background: url("data:image/svg+xml,%3Csvg%3E%3C/svg%3E"); } h1 { background: url(${large}) }`;
    const bounded = boundPrintImages(css);
    expect(bounded).not.toMatch(/data:image\/svg/i);
    expect(bounded).toContain('url("data:application/x-refused-svg+xml,%3Csvg%3E%3C/svg%3E")');
    expect(bounded).toContain(`url(${blankImage})`);
    expect(boundPrintImages('DATA:IMAGE/SVG+XML,<svg/>')).not.toMatch(/image\/svg/i);
  });
});
