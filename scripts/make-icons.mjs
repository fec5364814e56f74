// Draws the add-in icon (a company register: a navy tile with three rows and a green tick)
// at the sizes the manifest needs, as PNG, without image libraries. Run: node scripts/make-icons.mjs
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const SIZES = [16, 32, 64, 80];
const NAVY = [0x1f, 0x3a, 0x68, 255];
const WHITE = [255, 255, 255, 255];
const GREEN = [0x2e, 0xb8, 0x6e, 255];

function crc32(buf) {
  let c,
    crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

function png(size, pixel) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x + 0.5, y + 0.5, size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function icon(x, y, s) {
  const u = x / s,
    v = y / s;
  const r = 0.16,
    inset = 0.04;
  const cx = Math.min(Math.max(u, inset + r), 1 - inset - r);
  const cy = Math.min(Math.max(v, inset + r), 1 - inset - r);
  if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return [0, 0, 0, 0];
  const tick =
    (u > 0.56 && u < 0.9 && Math.abs(v - (0.78 - (u - 0.56) * 0.9)) < 0.07 && u > 0.66) ||
    (u > 0.5 && u < 0.68 && Math.abs(v - (0.62 + (u - 0.5) * 0.9)) < 0.07);
  if (tick) return GREEN;
  for (const row of [0.28, 0.46, 0.64]) {
    const end = row > 0.5 ? 0.5 : 0.78;
    if (u > 0.2 && u < end && Math.abs(v - row) < 0.055) return WHITE;
  }
  return NAVY;
}

for (const size of SIZES) writeFileSync(new URL(`../assets/icon-${size}.png`, import.meta.url), png(size, icon));
console.log(`wrote assets/icon-{${SIZES.join(",")}}.png`);
