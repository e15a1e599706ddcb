import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../client.js';
import type { BlobStore } from '../../modules/files/files.store.js';
import { PHOTO_OWNER, PHOTO_SIZE, THUMB_SIZES, thumbnailOf } from '../../modules/photos/photos.service.js';

/** Background and figure colours of the demo portraits (a few distinct images, reused). */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#1c7ed6', '#d0ebff', '#f1c8a5'],
  ['#2f9e44', '#d3f9d8', '#c68b59'],
  ['#e8590c', '#fff4e6', '#8d5524'],
  ['#7048e8', '#e5dbff', '#e0ac69'],
  ['#0c8599', '#c5f6fa', '#f1c27d'],
  ['#c2255c', '#ffdeeb', '#a0662f'],
  ['#495057', '#e9ecef', '#ffdbac'],
  ['#e67700', '#fff9db', '#6b4423'],
];

/** One portrait-like image: a coloured backdrop, a head and shoulders, drawn as SVG. */
function portraitSvg([backdrop, shirt, skin]: readonly [string, string, string], index: number) {
  const hair = ['#3b2314', '#1b1b1b', '#6d4c2f', '#9e9e9e'][index % 4];
  const longHair = index % 2 === 1;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_SIZE}" height="${PHOTO_SIZE}" viewBox="0 0 400 400">
    <defs><radialGradient id="bg" cx="50%" cy="35%" r="75%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="${backdrop}" stop-opacity="0"/></radialGradient></defs>
    <rect width="400" height="400" fill="${backdrop}"/><rect width="400" height="400" fill="url(#bg)"/>
    ${longHair ? `<path d="M118 170 C110 70 290 70 282 170 L292 300 L108 300 Z" fill="${hair}"/>` : ''}
    <path d="M60 400 C60 300 120 268 200 268 C280 268 340 300 340 400 Z" fill="${shirt}"/>
    <rect x="176" y="222" width="48" height="56" rx="20" fill="${skin}"/>
    <ellipse cx="200" cy="170" rx="68" ry="80" fill="${skin}"/>
    <path d="M126 178 C114 46 286 46 274 178 C262 112 138 112 126 178 Z" fill="${hair}"/>
  </svg>`;
}

/** A deterministic uuid from the bytes: seeding again finds the same files. */
function idOf(bytes: Buffer) {
  const h = crypto.createHash('sha256').update(bytes).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Demo photos (issue 12): a few generated portraits stored in the file store (with their thumbnails, as the
 * photo service stores a cropped photo) and given to about one member in five (cstId multiple of 5), so the
 * search suggestions, the dashboard and the member record show photos. Deterministic; a second run reuses the files.
 */
export async function seedPhotos(db: Db, store: BlobStore, log: (line: string) => void = () => {}) {
  const keys: string[] = [];
  for (const [index, palette] of PALETTES.entries()) {
    const photo = await sharp(Buffer.from(portraitSvg(palette, index)))
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    const id = idOf(photo);
    const put = await store.put(id, Readable.from([photo]));
    for (const size of Object.keys(THUMB_SIZES).map(Number)) {
      await store.put(`${put.key}-t${size}`, Readable.from([await thumbnailOf(photo, size)]));
    }
    await db.execute(sql`insert into files (id, name, mime_type, size, sha256, storage_key)
      values (${id}, ${'foto.jpg'}, 'image/jpeg', ${put.size}, ${put.sha256}, ${put.key}) on conflict (id) do nothing`);
    await db.execute(sql`insert into file_links (owner_kind, owner_id, file_id) values (${PHOTO_OWNER}, ${id}, ${id}) on conflict do nothing`);
    keys.push(id);
  }
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  const result = await db.execute(sql`update customers set cust_photo_key = (array[${list}]::text[])[(cst_id / 5) % ${keys.length} + 1]
    where cst_id % 5 = 0`);
  log(`Fotos de demonstração: ${result.rowCount ?? 0} pessoas`);
}
