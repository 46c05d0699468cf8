import sharp from 'sharp';
import { oneBitPng, pngFile } from '../../../helpers/images';

/**
 * Files to upload as photos: real images (some must be accepted), images that lie about their
 * type, damaged ones, decompression bombs, and things that are not images at all. Built once.
 */
export interface HostileFile {
  name: string;
  data: Buffer;
  /** Would the service store it, sent alone with a valid report? */
  acceptable: boolean;
}

/** 60 bytes that claim 100000 × 100000 pixels of 8-bit RGBA: ten gigapixels if anyone believed it. */
export function pngClaiming(width: number, height: number): Buffer {
  return pngFile({ width, height, bitDepth: 8, colourType: 6 }, Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
}

/** A GIF whose logical screen is 65535 × 65535 with a single 1×1 frame. */
function hugeScreenGif(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'ascii'),
    Buffer.from([0xff, 0xff, 0xff, 0xff, 0x80, 0x00, 0x00]),
    Buffer.from([0, 0, 0, 255, 255, 255]),
    Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00]),
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

export async function buildHostileFiles(maxFileBytes: number): Promise<HostileFile[]> {
  const base = () => sharp({ create: { width: 24, height: 16, channels: 3, background: '#3a6' } });
  const jpeg = await base().jpeg().toBuffer();
  const png = await base().png().toBuffer();
  const webp = await base().webp().toBuffer();
  const gif = await base().gif().toBuffer();
  const tiff = await base().tiff().toBuffer();
  const noise = Buffer.alloc(maxFileBytes + 1024);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
  return [
    { name: 'jpeg', data: jpeg, acceptable: true },
    { name: 'png', data: png, acceptable: true },
    { name: 'webp', data: webp, acceptable: true },
    { name: 'gif', data: gif, acceptable: true },
    { name: 'jpeg with bytes after the end', data: Buffer.concat([jpeg, Buffer.from('<?php system($_GET[1]); ?>')]), acceptable: true },
    { name: 'truncated jpeg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), acceptable: false },
    { name: 'jpeg header only', data: jpeg.subarray(0, 20), acceptable: false },
    { name: 'png claiming 100000x100000', data: pngClaiming(100_000, 100_000), acceptable: false },
    { name: 'png claiming 2^31-1 square', data: pngClaiming(0x7fffffff, 0x7fffffff), acceptable: false },
    { name: 'png claiming 0x0', data: pngClaiming(0, 0), acceptable: false },
    { name: '1-bit png bomb 20000x20000', data: oneBitPng(20_000, 20_000), acceptable: false },
    { name: 'gif with a 65535x65535 screen', data: hugeScreenGif(), acceptable: false },
    { name: 'tiff', data: tiff, acceptable: false },
    { name: 'svg with script', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(2)</script></svg>'), acceptable: false },
    { name: 'html', data: Buffer.from('<!doctype html><script>alert(1)</script>'), acceptable: false },
    { name: 'pdf', data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'), acceptable: false },
    { name: 'GIF magic then garbage', data: Buffer.from('GIF89a\u0000\u0000garbage'), acceptable: false },
    { name: 'PNG magic only', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), acceptable: false },
    { name: 'one byte', data: Buffer.from([0xff]), acceptable: false },
    { name: 'larger than the file limit', data: noise, acceptable: false },
  ];
}

/** Names a client might claim for a file, honest or not. */
export const claimedTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml', 'text/html', 'application/octet-stream', 'application/x-php', '', 'image/jpeg; charset=utf-8\u0000'];
