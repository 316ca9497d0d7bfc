import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Content codings the data API sends, best first: brotli, gzip, the body as it is. */
export type ContentCoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies smaller than this go as they are: compressing them saves less than it costs. */
export const compressMinBytes = 1024;

/**
 * The coding to answer with for an `Accept-Encoding` header: of the codings the answer has `ready`
 * (compressed already), the first accepted; else br, else gzip, else identity. A coding with `q=0`
 * is refused; `*` stands for codings not named.
 */
export function negotiateCoding(
  acceptEncoding: string | string[] | undefined,
  ready: Array<'br' | 'gzip'> = [],
): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: string) => accepted.get(coding) ?? (coding === 'x-gzip' ? 0 : (accepted.get('*') ?? 0));
  const acceptable = (coding: 'br' | 'gzip') =>
    coding === 'br' ? weightOf('br') > 0 : Math.max(weightOf('gzip'), accepted.get('x-gzip') ?? 0) > 0;
  const readyCoding = ready.find(acceptable);
  if (readyCoding) return readyCoding;
  if (acceptable('br')) return 'br';
  if (acceptable('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The body compressed with a fast setting: brotli quality 1 and gzip level 1 take about 8 and
 * 12 ms of CPU for a megabyte of aggregates and make it about a third (decision 0036). Off the
 * event loop, in libuv's thread pool.
 */
export function compress(body: string | Buffer, coding: 'br' | 'gzip'): Promise<Buffer> {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  if (coding === 'gzip') return gzip(input, { level: 1 });
  return brotli(input, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
    },
  });
}

const deflateRaw = promisify(zlib.deflateRaw);

/**
 * A piece of a gzip body compressed on its own: raw deflate blocks (ending on a byte boundary
 * unless `final`), with the CRC-32 and length of what they hold. Pieces join into one gzip stream
 * without compressing again (`joinGzip`), as pigz joins its blocks; the data API keeps a month's
 * compressed aggregates and compresses only the few hundred bytes of head in front of them.
 */
export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
  final: boolean;
}

const pieceOptions = (final: boolean): zlib.ZlibOptions => ({
  level: 1,
  ...(final ? {} : { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
});

/** `text` as a piece, compressed in libuv's thread pool: for pieces of tens of kilobytes and more. */
export async function deflatePiece(text: string, final: boolean): Promise<DeflatedPiece> {
  const input = Buffer.from(text);
  const deflated = await deflateRaw(input, pieceOptions(final));
  return { deflated, crc: zlib.crc32(input), length: input.length, final };
}

/** `text` as a piece, compressed at once: for a few kilobytes, less than a trip to the thread pool. */
export function deflatePieceSync(text: string, final: boolean): DeflatedPiece {
  const input = Buffer.from(text);
  return {
    deflated: zlib.deflateRawSync(input, pieceOptions(final)),
    crc: zlib.crc32(input),
    length: input.length,
    final,
  };
}

/** The CRC-32 and length of what `pieces` hold together, in order. */
function combinedCheck(pieces: DeflatedPiece[]): { crc: number; length: number } {
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    crc = crc32Combine(crc, piece.crc, piece.length);
    length += piece.length;
  }
  return { crc, length };
}

/** Pieces in order as one piece, to be joined many times over (each join then combines one CRC). */
export function concatPieces(pieces: DeflatedPiece[]): DeflatedPiece {
  if (pieces.length === 0 || pieces.slice(0, -1).some((piece) => piece.final)) {
    throw new Error('concatPieces: only the last piece may be final');
  }
  return {
    deflated: Buffer.concat(pieces.map((piece) => piece.deflated)),
    ...combinedCheck(pieces),
    final: pieces.at(-1)?.final ?? false,
  };
}

/** One gzip stream (RFC 1952) of the pieces in order: every piece but the last must not be final. */
export function joinGzip(pieces: DeflatedPiece[]): Buffer {
  if (pieces.length === 0 || !pieces.at(-1)?.final || pieces.slice(0, -1).some((piece) => piece.final)) {
    throw new Error('joinGzip: only the last piece may be, and must be, final');
  }
  const { crc, length } = combinedCheck(pieces);
  // ID1 ID2, deflate, no flags, no time, no extra flags, unknown OS.
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([header, ...pieces.map((piece) => piece.deflated), trailer]);
}

/** x · matrix over GF(2), the matrix as 32 column words. */
function gf2Times(matrix: number[], vector: number): number {
  let sum = 0;
  for (let index = 0, rest = vector >>> 0; rest !== 0; index++, rest >>>= 1) {
    if (rest & 1) sum ^= matrix[index] as number;
  }
  return sum >>> 0;
}

const gf2Square = (matrix: number[]) => matrix.map((column) => gf2Times(matrix, column));

/** The operators that append 2^k zero bytes to a CRC-32 (k from 0 to 52), made once by squaring. */
const zeroBytesOperators: number[][] = (() => {
  // One zero bit, then two, four, and eight: one byte.
  let operator = [0xedb88320, ...Array.from({ length: 31 }, (_, index) => (1 << index) >>> 0)];
  for (let bits = 1; bits < 8; bits *= 2) operator = gf2Square(operator);
  const operators: number[][] = [];
  for (let k = 0; k <= 52; k++) {
    operators.push(operator);
    operator = gf2Square(operator);
  }
  return operators;
})();

/**
 * The CRC-32 of A followed by B from crc(A), crc(B) and B's length in bytes, as zlib's
 * crc32_combine (which Node does not expose): crc(A) is carried over B's length in zero bytes, one
 * power-of-two operator per bit of the length, then B's CRC is added.
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let crc = crcA >>> 0;
  for (let k = 0, rest = lengthB; rest > 0; k++, rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) crc = gf2Times(zeroBytesOperators[k] as number[], crc);
  }
  return (crc ^ crcB) >>> 0;
}
