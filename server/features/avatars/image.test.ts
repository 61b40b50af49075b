import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { processProfileImage, sniffImageFormat } from './image';
import { corruptPng, jpegWithGps, pngClaiming, pngOf, solid } from '../../test/images';

async function refusal(bytes: Uint8Array): Promise<{ status: number; code: string }> {
  try {
    await processProfileImage(bytes);
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, code: err.code };
    throw err;
  }
  throw new Error('expected the image to be refused');
}

describe('profile image processing', () => {
  it('recognises formats from their bytes alone', async () => {
    expect(sniffImageFormat(await pngOf(8, 8))).toBe('png');
    expect(sniffImageFormat(await solid(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await solid(8, 8).gif().toBuffer())).toBe('gif');
    expect(sniffImageFormat(await solid(8, 8).webp().toBuffer())).toBe('webp');
    expect(sniffImageFormat(await solid(8, 8).avif().toBuffer())).toBe('avif');
    expect(sniffImageFormat(await solid(8, 8).tiff().toBuffer())).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('just some text'))).toBeNull();
    expect(sniffImageFormat(new Uint8Array(0))).toBeNull();
  });

  it('makes a square WebP of at most 512 px from each allowed format', async () => {
    const inputs = [
      await pngOf(800, 600),
      await solid(1200, 900).jpeg().toBuffer(),
      await solid(700, 700).gif().toBuffer(),
      await solid(600, 1000).webp().toBuffer(),
      await solid(640, 640).avif().toBuffer(),
    ];
    for (const input of inputs) {
      const { webp } = await processProfileImage(input);
      const meta = await sharp(webp).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    }
  });

  it('never enlarges a small image, only squares it', async () => {
    const { webp, size } = await processProfileImage(await pngOf(300, 120));
    expect(size).toBe(120);
    expect(await sharp(webp).metadata()).toMatchObject({ width: 120, height: 120 });
  });

  it('strips EXIF, GPS and every other piece of metadata', async () => {
    const jpeg = await jpegWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { webp } = await processProfileImage(jpeg);
    const meta = await sharp(webp).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(webp.includes('Secret Owner')).toBe(false);
    expect(webp.includes('SpyCam')).toBe(false);
  });

  it('turns a sideways photo upright before cropping', async () => {
    // 400×200 stored, EXIF orientation 6: the upright picture is 200 wide and 400 tall.
    const top = await solid(200, 200, '#ff0000').png().toBuffer();
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
      .composite([{ input: top, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { webp } = await processProfileImage(sideways);
    const meta = await sharp(webp).metadata();
    expect(meta).toMatchObject({ width: 200, height: 200 });
    expect(meta.orientation).toBeUndefined();
    // Upright, the red half is on top: the centre square is red above, blue below.
    const { data, info } = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
    const isBlue = ([r, g, b]: number[]) => b! > 200 && r! < 60 && g! < 60;
    expect(isRed(pixel(10, 10))).toBe(true);
    expect(isBlue(pixel(10, 190))).toBe(true);
  });

  it('refuses what is not an allowed image with 415', async () => {
    expect(await refusal(Buffer.from('hello, I am a text file named avatar.png'))).toEqual({ status: 415, code: 'unsupported_image' });
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'))).toMatchObject({ status: 415 });
    expect(await refusal(await solid(16, 16).tiff().toBuffer())).toMatchObject({ status: 415 });
  });

  it('refuses more than 5 MB with 413 before decoding', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    (await pngOf(8, 8)).copy(big);
    expect(await refusal(big)).toEqual({ status: 413, code: 'payload_too_large' });
  });

  it('refuses more than 40 megapixels with 422, from the header alone', async () => {
    expect(await refusal(pngClaiming(10_000, 4_001))).toEqual({ status: 422, code: 'image_too_large' });
    expect(await refusal(pngClaiming(100_000, 100_000))).toEqual({ status: 422, code: 'image_too_large' });
  });

  it('refuses a damaged or truncated image with 400', async () => {
    expect(await refusal(await corruptPng())).toEqual({ status: 400, code: 'invalid_image' });
    const png = await pngOf(400, 300);
    expect(await refusal(png.subarray(0, png.length >> 1))).toEqual({ status: 400, code: 'invalid_image' });
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toEqual({ status: 400, code: 'invalid_image' });
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff]))).toEqual({ status: 400, code: 'invalid_image' });
  });
});
