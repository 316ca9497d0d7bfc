/**
 * What images a printed report may hand Chromium (decision 0141). A small file can decode to a huge bitmap (a PNG of
 * flat colour shrinks a thousandfold), drawn again in every page's header; an SVG image can ask for any amount of
 * work. So a print template's images and the cover's logo are raster images within these bounds.
 */
export const printImageBounds = {
  /** Pixels along either side. */
  sideMax: 4000,
  /** Pixels in all: 4 megapixels decode to 16 MB. */
  pixelsMax: 4_000_000,
};

export interface ImageDimensions {
  width: number;
  height: number;
}

/** JPEG start-of-frame markers (baseline, progressive, lossless, arithmetic), which carry the image's size. */
const jpegFrameMarkers = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegDimensions(bytes: Buffer): ImageDimensions | null {
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (jpegFrameMarkers.has(marker)) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
}

function webpDimensions(bytes: Buffer): ImageDimensions | null {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  return null;
}

/** The size a PNG, GIF, JPEG or WebP file declares, or null for anything else (or a file too short to say). */
export function imageDimensions(bytes: Buffer): ImageDimensions | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegDimensions(bytes);
  if (bytes.length >= 16 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return webpDimensions(bytes);
  }
  return null;
}

/** Whether the bytes are a PNG, GIF, JPEG or WebP image within `printImageBounds`. */
export function isPrintableImage(bytes: Buffer): boolean {
  const size = imageDimensions(bytes);
  return (
    size !== null &&
    size.width <= printImageBounds.sideMax &&
    size.height <= printImageBounds.sideMax &&
    size.width * size.height <= printImageBounds.pixelsMax
  );
}

/** A transparent 1×1 GIF, in place of an image that is refused. */
export const blankImage = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const dataImagePattern = /data:image\/([\w.+-]*)(;base64,([A-Za-z0-9+/=]*))?/gi;

/**
 * A print template's HTML or CSS with every `data:image/…` that is not a raster image within `printImageBounds`
 * made harmless: a base64 one is replaced by a blank image, any other (an SVG written out, say) gets a media type
 * that Chromium does not draw. Templates reach no other address (their schema), so these are all the images they hold.
 */
export function boundPrintImages(text: string): string {
  return text.replace(
    dataImagePattern,
    (whole, _type: string, base64: string | undefined, data: string | undefined) => {
      if (base64 === undefined) return whole.replace(/^data:image\//i, 'data:application/x-refused-');
      return isPrintableImage(Buffer.from(data ?? '', 'base64')) ? whole : blankImage;
    },
  );
}
