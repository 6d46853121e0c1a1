import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { renderImage, type ImageRules, type RenditionSpec } from './render';
import { sniffImage } from './sniff';

const RULES: ImageRules = {
  accept: ['jpeg', 'png', 'webp'],
  maxPixels: 50_000_000,
  messages: { invalidType: 'tipo', unreadable: 'danificada', tooManyPixels: 'píxeis' },
};
const SPECS: RenditionSpec[] = [
  { maxSide: 1600, format: 'jpeg', quality: 82 },
  { maxSide: 400, format: 'webp', quality: 75 },
];

/** A real photo-like picture (a gradient, so that encoders have work) of `width`×`height`. */
async function picture(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const p = i / 3;
    raw[i] = (p % width) & 0xff;
    raw[i + 1] = Math.floor(p / width) & 0xff;
    raw[i + 2] = (p * 7) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

async function refusalOf(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, message: (error as AppError).message };
}

describe('sniffImage', () => {
  it('knows JPEG, PNG and WebP by their first bytes only', async () => {
    const base = await picture(8, 8);
    expect(sniffImage(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImage(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF0000WAVE'))).toBeNull();
    expect(sniffImage(Buffer.from('isto não é uma imagem'))).toBeNull();
  });
});

describe('renderImage', () => {
  it('makes a 1600 px JPEG and a 400 px WebP of a 12-megapixel photo, and strips its GPS position', async () => {
    const withGps = await (
      await picture(4000, 3000)
    )
      .jpeg()
      .withExif({
        IFD0: { Make: 'Telemóvel', Copyright: 'Ana' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '38/1 42/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '9/1 8/1 0/1',
        },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { source, renditions } = await renderImage(withGps, RULES, SPECS);
    expect(source).toBe('jpeg');
    const [display, thumb] = renditions;
    expect([display!.format, display!.width, display!.height]).toEqual(['jpeg', 1600, 1200]);
    expect([thumb!.format, thumb!.width, thumb!.height]).toEqual(['webp', 400, 300]);
    for (const r of renditions) {
      const meta = await sharp(r.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([r.width, r.height]);
      expect(r.data.includes(Buffer.from('Telemóvel'))).toBe(false);
    }
  });

  it('turns a photo upright by its EXIF orientation before shrinking it', async () => {
    // Stored 300×200, shown rotated 90° (orientation 6): the output is 200 wide and 300 high.
    const sideways = await (await picture(300, 200)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { renditions } = await renderImage(sideways, RULES, SPECS);
    expect([renditions[0]!.width, renditions[0]!.height]).toEqual([200, 300]);
    expect((await sharp(renditions[0]!.data).metadata()).orientation).toBeUndefined();
  });

  it('never enlarges a small picture, and lays a transparent PNG on white for JPEG', async () => {
    const transparent = await sharp({
      create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { renditions } = await renderImage(transparent, RULES, SPECS);
    expect([renditions[0]!.width, renditions[0]!.height, renditions[1]!.width]).toEqual([40, 30, 40]);
    const { data } = await sharp(renditions[0]!.data).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
  });

  it('accepts WebP and keeps the format with "same"', async () => {
    const webp = await (await picture(64, 48)).webp().toBuffer();
    const { renditions } = await renderImage(webp, RULES, [{ maxSide: 32, format: 'same' }]);
    expect([renditions[0]!.format, renditions[0]!.mime, renditions[0]!.width]).toEqual([
      'webp',
      'image/webp',
      32,
    ]);
  });

  it('refuses (415 type) a text file and a format outside the rules', async () => {
    expect(await refusalOf(renderImage(Buffer.from('isto não é uma imagem'), RULES, SPECS))).toEqual({
      status: 415,
      message: 'tipo',
    });
    const webp = await (await picture(8, 8)).webp().toBuffer();
    const jpegOrPng = { ...RULES, accept: ['jpeg', 'png'] as const };
    expect(await refusalOf(renderImage(webp, jpegOrPng, SPECS))).toEqual({ status: 415, message: 'tipo' });
  });

  it('refuses (415 unreadable) a truncated JPEG, a forged signature and a PNG behind a JPEG signature', async () => {
    const jpeg = await (await picture(200, 150)).jpeg().toBuffer();
    const png = await (await picture(20, 20)).png().toBuffer();
    const webp = await (await picture(200, 150)).webp().toBuffer();
    for (const data of [
      jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      webp.subarray(0, Math.floor(webp.length / 2)),
      Buffer.concat([png.subarray(0, 8), Buffer.from('<?php system($_GET[1]); ?>')]),
      Buffer.concat([jpeg.subarray(0, 3), png]),
    ]) {
      expect(await refusalOf(renderImage(data, RULES, SPECS))).toEqual({
        status: 415,
        message: 'danificada',
      });
    }
  });

  it('refuses (413) a decompression bomb from its header, before decoding a pixel', async () => {
    // A 60,000 × 60,000 JPEG header (3.6 gigapixels) in front of a tiny body.
    const small = await (await picture(16, 16)).jpeg().toBuffer();
    const bomb = Buffer.from(small);
    const sof =
      bomb.indexOf(Buffer.from([0xff, 0xc2])) >= 0
        ? bomb.indexOf(Buffer.from([0xff, 0xc2]))
        : bomb.indexOf(Buffer.from([0xff, 0xc0]));
    bomb.writeUInt16BE(60_000, sof + 5);
    bomb.writeUInt16BE(60_000, sof + 7);
    const started = Date.now();
    expect(await refusalOf(renderImage(bomb, RULES, SPECS))).toEqual({ status: 413, message: 'píxeis' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
