import type { Metadata } from 'sharp';
import {
  PROFILE_IMAGE_FORMATS_TEXT,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MAX_PIXELS,
  PROFILE_IMAGE_SIZE,
} from '@common/profile/profile';
import { AppError } from '../../http/errors';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

const ascii = (bytes: Uint8Array, start: number, length: number) => Buffer.from(bytes.subarray(start, start + length)).toString('latin1');

/** An ISO-BMFF `ftyp` box naming AVIF among its brands. */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0), bytes.length, 64);
  for (let at = 8; at + 4 <= boxSize; at += 4) {
    if (at === 12) continue; // minor version, not a brand
    const brand = ascii(bytes, at, 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/**
 * The format the bytes themselves announce (their signature), whatever the file name or
 * the declared type say. Only the raster formats a profile image may be; anything else
 * (SVG, TIFF, PDF, text…) is null and never reaches the decoder.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  return null;
}

/** What sharp calls each format after reading the header. */
const SHARP_FORMAT: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'heif' };

export const imageErrors = {
  tooLarge: () => new AppError(413, 'payload_too_large', 'The image is larger than 5 MB. Please choose a smaller one.'),
  notAnImage: () => new AppError(415, 'unsupported_image', `That file is not a supported image. Please choose a ${PROFILE_IMAGE_FORMATS_TEXT} image.`),
  tooManyPixels: () => new AppError(422, 'image_too_large', 'The image has too many pixels (over 40 megapixels). Please choose a smaller one.'),
  unreadable: () => new AppError(400, 'invalid_image', 'The image could not be read. It may be damaged; please try another.'),
};

export interface ProcessedImage {
  webp: Buffer;
  size: number;
  inputFormat: ImageFormat;
  inputWidth: number;
  inputHeight: number;
}

const INPUT = { limitInputPixels: PROFILE_IMAGE_MAX_PIXELS, failOn: 'error' } as const;

/**
 * A profile image as stored: the upright, centred square of the picture, at most 512 px
 * a side, as WebP. Nothing of the original's metadata (EXIF with GPS, XMP, ICC, comments)
 * is carried over; only the first frame of an animation is kept.
 *
 * Refuses, before any pixel is decoded: more than 5 MB (413), bytes that are not one of
 * the allowed formats (415), more than 40 megapixels (422). A damaged image is a 400.
 */
export async function processProfileImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw imageErrors.tooLarge();
  const format = sniffImageFormat(bytes);
  if (!format) throw imageErrors.notAnImage();

  // sharp (libvips) costs tens of MiB once loaded: load it with the first upload, not at start.
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, INPUT).metadata();
  } catch (err) {
    throw decodeError(err);
  }
  if (metadata.format !== SHARP_FORMAT[format]) throw imageErrors.notAnImage();
  if (format === 'avif' && metadata.compression !== 'av1') throw imageErrors.notAnImage();
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width <= 0 || height <= 0) throw imageErrors.unreadable();
  if (width * height > PROFILE_IMAGE_MAX_PIXELS) throw imageErrors.tooManyPixels();

  const side = Math.min(PROFILE_IMAGE_SIZE, width, height);
  try {
    const webp = await sharp(bytes, { ...INPUT, pages: 1 })
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
    return { webp, size: side, inputFormat: format, inputWidth: width, inputHeight: height };
  } catch (err) {
    throw decodeError(err);
  }
}

/** sharp reads the canvas size from the header and refuses past limitInputPixels. */
function decodeError(err: unknown): AppError {
  return err instanceof Error && /pixel limit/i.test(err.message) ? imageErrors.tooManyPixels() : imageErrors.unreadable();
}
