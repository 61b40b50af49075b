import zlib from 'node:zlib';
import sharp from 'sharp';

/** Images for the tests, made with sharp on the spot: no binary fixtures. */
export function solid(width: number, height: number, background = '#c0392b') {
  return sharp({ create: { width, height, channels: 3, background } });
}

export const pngOf = (width = 800, height = 600, background?: string) => solid(width, height, background).png().toBuffer();

/** A JPEG carrying a copyright line, a camera make and GPS coordinates. */
export function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return solid(width, height, '#2e86c1')
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Secret Owner', Make: 'SpyCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming a huge canvas over a few bytes: a decompression bomb's shape. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG signature and header followed by garbage. */
export async function corruptPng(): Promise<Buffer> {
  const png = await pngOf(64, 64);
  return Buffer.concat([png.subarray(0, 33), Buffer.from('not image data '.repeat(40))]);
}
