import sharp, { type Metadata, type Sharp } from 'sharp';
import { payloadTooLarge, unsupportedMediaType } from '../errors';
import { MIME_OF, sniffImage, type ImageFormat } from './sniff';

/** What a use of images accepts, and the pt-PT words of its refusals. */
export type ImageRules = {
  accept: readonly ImageFormat[];
  /** Decoded size limit (a 5 MB PNG can claim billions of pixels): checked from the header, before decoding. */
  maxPixels: number;
  messages: { invalidType: string; unreadable: string; tooManyPixels: string };
};

/** One output: at most `maxSide` px on the longer side, encoded as `format` ('same': the input's format). */
export type RenditionSpec = { maxSide: number; format: ImageFormat | 'same'; quality?: number };

export type Rendition = {
  data: Buffer;
  format: ImageFormat;
  mime: string;
  width: number;
  height: number;
};

export type RenderedImage = { source: ImageFormat; renditions: Rendition[] };

const PIXEL_LIMIT = /pixel limit/i;

function refusal(rules: ImageRules, error: unknown) {
  return error instanceof Error && PIXEL_LIMIT.test(error.message)
    ? payloadTooLarge(rules.messages.tooManyPixels)
    : unsupportedMediaType(rules.messages.unreadable);
}

function encode(pipeline: Sharp, format: ImageFormat, quality: number | undefined): Sharp {
  if (format === 'png') return pipeline.png();
  if (format === 'webp') return pipeline.webp({ quality: quality ?? 80 });
  // JPEG has no alpha: a transparent PNG or WebP is laid on white, not on black.
  return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: quality ?? 85, progressive: true });
}

/**
 * Checks and re-encodes an uploaded image: the format its bytes claim (never the name or declared type) must
 * be accepted (else 415 invalidType), its header must claim at most `maxPixels` (else 413, before any pixel
 * is decoded: a decompression bomb costs nothing), and the whole file must decode as that format (a forged
 * or truncated file is a 415 unreadable, not only a wrong signature). Each rendition is turned upright (EXIF
 * orientation), shrunk to fit and encoded again: nothing of the sent bytes is kept, EXIF (GPS position,
 * camera) and other metadata included. Renditions are made largest first, each smaller one from the one
 * before it (a thumbnail decodes the display size, not the 12-megapixel original).
 */
export async function renderImage(
  data: Buffer,
  rules: ImageRules,
  specs: readonly RenditionSpec[],
): Promise<RenderedImage> {
  const source = sniffImage(data);
  if (!source || !rules.accept.includes(source)) throw unsupportedMediaType(rules.messages.invalidType);
  const options = { limitInputPixels: rules.maxPixels, failOn: 'warning' } as const;
  let meta: Metadata;
  try {
    meta = await sharp(data, options).metadata();
  } catch (error) {
    throw refusal(rules, error);
  }
  if (meta.format !== source) throw unsupportedMediaType(rules.messages.unreadable);
  if ((meta.width ?? 0) * (meta.height ?? 0) > rules.maxPixels)
    throw payloadTooLarge(rules.messages.tooManyPixels);

  const ordered = [...specs].sort((a, b) => b.maxSide - a.maxSide);
  const out = new Map<RenditionSpec, Rendition>();
  let input = data;
  for (const spec of ordered) {
    const format = spec.format === 'same' ? source : spec.format;
    const pipeline = sharp(input, options)
      .rotate()
      .resize(spec.maxSide, spec.maxSide, { fit: 'inside', withoutEnlargement: true });
    try {
      const { data: bytes, info } = await encode(pipeline, format, spec.quality).toBuffer({
        resolveWithObject: true,
      });
      out.set(spec, { data: bytes, format, mime: MIME_OF[format], width: info.width, height: info.height });
      input = bytes;
    } catch (error) {
      throw refusal(rules, error);
    }
  }
  return { source, renditions: specs.map((spec) => out.get(spec)!) };
}
