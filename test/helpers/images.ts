import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real test images made on the fly, so no binary fixtures live in the repository. */

export const GPS_EXIF = {
  IFD0: { Make: 'KerroCam', Model: 'Test 1' },
  // IFD3 is the GPS directory in libvips' naming.
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '24/1 56/1 0/1' },
};

export const XMP_PACKET =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="60,10.0N"/></rdf:RDF></x:xmpmeta>';

/** TIFF tag 0x8825 (GPSInfo IFD pointer), little-endian as sharp writes EXIF. */
export const GPS_IFD_POINTER = Buffer.from([0x25, 0x88]);

/** A landscape JPEG (wide × high) whose EXIF says "rotate 90° clockwise" and carries GPS. */
export async function jpegWithGpsAndOrientation(width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c03020' } })
    .withMetadata({ orientation: 6 })
    .withExifMerge(GPS_EXIF)
    .withXmp(XMP_PACKET)
    .withIccProfile('p3')
    .jpeg()
    .toBuffer();
}

export function solid(width: number, height: number, alpha = false) {
  return sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? '#20a04080' : '#20a040' } });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A PNG file from its header fields and compressed pixel data, built by hand (so it may lie). */
export function pngFile(header: { width: number; height: number; bitDepth: number; colourType: number }, compressedPixels: Buffer): Buffer {
  const fields = Buffer.alloc(13);
  fields.writeUInt32BE(header.width, 0);
  fields.writeUInt32BE(header.height, 4);
  fields[8] = header.bitDepth;
  fields[9] = header.colourType;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', fields),
    pngChunk('IDAT', compressedPixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A valid 1-bit greyscale PNG of all-black pixels. At 20000×20000 it is ~50 KB on disk but
 * 400 megapixels decoded: a decompression bomb. Built by hand because asking sharp to encode
 * 400 MP takes ~20 s.
 */
export function oneBitPng(width: number, height: number): Buffer {
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed pixels
  return pngFile({ width, height, bitDepth: 1, colourType: 0 }, deflateSync(Buffer.alloc(rowBytes * height), { level: 9 }));
}

/** A photo-like JPEG: a gradient with noise, so it compresses like a real picture. */
export async function makeJpeg(width: number, height: number, options: { orientation?: number; quality?: number } = {}): Promise<Buffer> {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 12345;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) % 48;
      const offset = (y * width + x) * channels;
      pixels[offset] = (x * 255) / width / 1.3 + noise;
      pixels[offset + 1] = (y * 255) / height / 1.3 + noise;
      pixels[offset + 2] = 120 + noise;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels } }).jpeg({ quality: options.quality ?? 90 });
  // EXIF with a GPS position, as phones write it: the upload must not carry it.
  image = image.withExif({ IFD0: { Make: 'KerroTestCam', Model: 'E2E' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1' } });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}
