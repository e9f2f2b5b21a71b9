import type { Metadata, default as Sharp } from 'sharp';

/*
 * Uploaded images are accepted by their content, never by their name or declared type
 * (docs/decisions/009-images.md): the first bytes must be JPEG, PNG, WebP, GIF or AVIF, sharp
 * must read the same format from the header, and the pixel count must be within the limit
 * before anything is decoded. Each accepted image is re-encoded as WebP (metadata dropped,
 * at most FULL_SIZE px a side) with a THUMB_SIZE px thumbnail.
 */

/** The most pixels an upload may have (a 50-megapixel photo); a pixel flood is refused from its header. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Frames of an animated GIF or WebP kept at most. */
const MAX_FRAMES = 200;
const FULL_SIZE = 1600;
const THUMB_SIZE = 320;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** A refusal meant for the admin: the problem, to be shown after the field's name. */
export class ImageRefused extends Error {}

export interface PreparedImage {
  full: Buffer;
  thumb: Buffer;
}

const ascii = (data: Buffer, start: number, end: number) => data.subarray(start, end).toString('latin1');

/** The format the first bytes announce, or null for anything else (SVG, text, TIFF, HEIC…). */
export function sniffImageFormat(data: Buffer): ImageFormat | null {
  if (data.length < 12) return null;
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head6 = ascii(data, 0, 6);
  if (head6 === 'GIF87a' || head6 === 'GIF89a') return 'gif';
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'webp';
  if (ascii(data, 4, 8) === 'ftyp') {
    // An ISO-BMFF file: AVIF when its major or a compatible brand says so.
    const boxSize = Math.min(data.readUInt32BE(0), data.length);
    for (let at = 8; at + 4 <= boxSize; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      const brand = ascii(data, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

let loadedSharp: Promise<typeof Sharp> | undefined;
/**
 * sharp and its libvips, loaded at the first image rather than at every start: no sign-in needs
 * them (decision 051).
 */
export function loadSharp(): Promise<typeof Sharp> {
  loadedSharp ??= import('sharp').then((m) => m.default);
  return loadedSharp;
}

const SHARP_FORMAT: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', avif: 'heif' };

/** Checks an upload and re-encodes it; throws ImageRefused with the problem for a bad one. */
export async function prepareImage(data: Buffer): Promise<PreparedImage> {
  const format = sniffImageFormat(data);
  if (!format) throw new ImageRefused('must be a JPEG, PNG, WebP, GIF or AVIF image');
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('could not be read as an image');
  }
  if (meta.format !== SHARP_FORMAT[format] || (format === 'avif' && meta.compression !== 'av1')) {
    throw new ImageRefused('must be a JPEG, PNG, WebP, GIF or AVIF image');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const frames = meta.pages ?? 1;
  if (width < 1 || height < 1) throw new ImageRefused('could not be read as an image');
  const animated = frames > 1 && (format === 'gif' || format === 'webp');
  if (animated && frames > MAX_FRAMES) throw new ImageRefused(`has too many frames (at most ${MAX_FRAMES})`);
  if (width * height * (animated ? frames : 1) > MAX_INPUT_PIXELS) {
    throw new ImageRefused(`has too many pixels (${width}x${height}; at most ${MAX_INPUT_PIXELS / 1e6} megapixels)`);
  }

  const input = () =>
    sharp(data, {
      animated,
      // Decoding stops at this many pixels (all frames together), whatever the header said.
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    });
  const encode = (size: number, quality: number) => {
    const image = input();
    if (!animated) image.autoOrient();
    return image
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality, effort: 4 })
      .toBuffer();
  };
  try {
    const [full, thumb] = await Promise.all([encode(FULL_SIZE, 82), encode(THUMB_SIZE, 70)]);
    return { full, thumb };
  } catch {
    throw new ImageRefused('could not be read as an image');
  }
}
