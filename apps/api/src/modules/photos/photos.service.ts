import { Readable } from 'node:stream';
import type pg from 'pg';
import sharp from 'sharp';
import { canViewAnyPhoto } from '@assoc/domain';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../auth/session.js';
import type { FileService, StoredFile } from '../files/files.service.js';

/** pt-BR answers of the photo calls. */
export const photoTexts = {
  invalid: 'Foto inválida: envie uma imagem PNG, JPEG ou WebP',
  notImage: 'O arquivo enviado não é uma imagem PNG, JPEG ou WebP',
  tooLarge: (maxBytes: number) => `A foto excede o tamanho máximo de ${Math.round(maxBytes / 1048576)} MB`,
  notFound: 'Foto não encontrada',
};

/** The file-link owner kind of member photos (read through thumbs/…, whose rule is canViewAnyPhoto or the viewer's own). */
export const PHOTO_OWNER = 'photo';
/** Largest decoded image accepted by savePhoto (the crop sends a 400x400 PNG, a few hundred KB). */
export const PHOTO_MAX_BYTES = 3 * 1024 * 1024;
/** Spec 1 §9: the crop's 400x400 output; the stored photo is never larger. */
export const PHOTO_SIZE = 400;
/** Thumbnail sizes by the `size` of thumbs/{size}/{key}: 2 is the avatar's 160x212 (spec 1 §9), 1 a small one. */
export const THUMB_SIZES: Readonly<Record<number, { width: number; height: number }>> = {
  1: { width: 40, height: 53 },
  2: { width: 160, height: 212 },
};

/** `data:image/<type>;base64,<payload>` (spec 1 §5: the data URL is checked by pattern). */
const DATA_URL = /^data:image\/(png|jpeg|jpg|webp);base64,([A-Za-z0-9+/]+={0,2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PNG, JPEG or WebP by the first bytes (decision 9: by content, never by the claimed type). */
export function sniffImage(head: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The image bytes of a photo data URL; 400 (pt-BR message) for a malformed one, a non-image or one too large. */
export function decodePhotoDataUrl(dataUrl: unknown, maxBytes = PHOTO_MAX_BYTES): Buffer {
  if (typeof dataUrl !== 'string') throw badRequest(photoTexts.invalid);
  // base64 is 4 characters for 3 bytes: refuse before decoding (and before the pattern's scan) when too long.
  if (dataUrl.length > Math.ceil(maxBytes / 3) * 4 + 40) throw badRequest(photoTexts.tooLarge(maxBytes));
  const match = DATA_URL.exec(dataUrl);
  if (!match || match[2]!.length % 4 !== 0) throw badRequest(photoTexts.invalid);
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > maxBytes) throw badRequest(photoTexts.tooLarge(maxBytes));
  if (!sniffImage(bytes)) throw badRequest(photoTexts.notImage);
  return bytes;
}

/** Decoding limits for untrusted images: no giant canvases, no animation frames. */
const INPUT = { limitInputPixels: 40_000_000, failOn: 'error' as const, animated: false };

/** The stored photo: orientation applied, metadata dropped (sharp keeps none unless asked), at most 400x400, JPEG. */
export async function normalisePhoto(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, INPUT)
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer();
  } catch {
    throw badRequest(photoTexts.notImage);
  }
}

/** A thumbnail of a stored photo: cover-cropped to the size's box (portrait 3:4), JPEG. */
export function thumbnailOf(photo: Buffer, size: number): Promise<Buffer> {
  const box = THUMB_SIZES[size]!;
  return sharp(photo, INPUT).resize(box.width, box.height, { fit: 'cover', position: 'attention' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

const thumbKey = (file: StoredFile, size: number) => `${file.storageKey}-t${size}`;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A neutral silhouette (no photo), drawn once per size. */
const placeholders = new Map<number, Promise<Buffer>>();
export function placeholderThumbnail(size: number): Promise<Buffer> {
  let image = placeholders.get(size);
  if (!image) {
    const { width, height } = THUMB_SIZES[size]!;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 160 212">
      <rect width="160" height="212" fill="#dee2e6"/>
      <circle cx="80" cy="80" r="38" fill="#adb5bd"/>
      <path d="M18 212 C18 150 50 128 80 128 C110 128 142 150 142 212 Z" fill="#adb5bd"/></svg>`;
    image = sharp(Buffer.from(svg)).png().toBuffer();
    placeholders.set(size, image);
  }
  return image;
}

export interface Thumbnail {
  data: Buffer;
  /** False for the placeholder of someone without a photo (it may change: not cached for long). */
  isPhoto: boolean;
}

/**
 * Member photos (issue 12, spec 1 §2 and §9): a cropped data URL is checked, normalised and stored in the
 * file store under a new key (the stored file's id: never reused, so its thumbnails are cached for good); the
 * thumbnails (size 2: 160x212, size 1: 40x53) are made at save time and kept next to it in the store, and made
 * again on first request if missing (a photo stored by another path, e.g. the demo seed).
 */
export function createPhotoService(deps: { pool: pg.Pool; files: FileService }) {
  const { pool, files } = deps;

  async function putThumbnail(file: StoredFile, size: number, photo: Buffer) {
    const data = await thumbnailOf(photo, size);
    await files.store.put(thumbKey(file, size), Readable.from([data]));
    return data;
  }

  /** The stored photo of a key, or null (unknown key, or a file that is not a member photo). */
  async function photoFile(key: string): Promise<StoredFile | null> {
    if (!UUID.test(key)) return null;
    const { rows } = await pool.query<{ ok: boolean }>('select true as ok from file_links where file_id = $1 and owner_kind = $2 limit 1', [
      key,
      PHOTO_OWNER,
    ]);
    return rows.length ? files.find(key) : null;
  }

  /**
   * Whether this key is the photo of the viewer's own member record (their cstId, else the member with their CPF)
   * or of one of its dependents. Unguessable keys are no control: a key alone proves nothing (issue 22 item 5).
   */
  async function isOwnPhoto(viewer: Pick<SessionUser, 'cstId' | 'cpf'>, key: string): Promise<boolean> {
    const { rows } = await pool.query<{ ok: boolean }>(
      `select true as ok from customers c
        where c.cust_photo_key = $1
          and ($2::int is not null and (c.cst_id = $2 or c.parent_id = $2)
               or c.cust_cpf = $3 or c.parent_id in (select h.cst_id from customers h where h.cust_cpf = $3 and h.parent_id is null))
        limit 1`,
      [key, viewer.cstId, viewer.cpf],
    );
    return rows.length > 0;
  }

  // The generic file download (jobs/download/{fileId}) follows the thumbnails' rule: the key is the file's id.
  files.ownerRule(PHOTO_OWNER, async (user, key) => canViewAnyPhoto(user.roles) || isOwnPhoto(user, key));

  const service = {
    /**
     * Stores a photo sent as a data URL (the crop modal's PNG) and answers its key for custPhotoKey.
     * 400 with a pt-BR message for a malformed data URL, content that is not a PNG/JPEG/WebP image, or one too large.
     */
    async savePhoto(dataUrl: string, createdBy: number | null = null): Promise<string> {
      const photo = await normalisePhoto(decodePhotoDataUrl(dataUrl));
      return service.storePhoto(photo, createdBy);
    },

    /** Stores an already normalised JPEG photo (savePhoto, the demo seed) with its thumbnails; answers its key. */
    async storePhoto(photo: Buffer, createdBy: number | null = null): Promise<string> {
      const file = await files.save({ name: 'foto.jpg', data: photo, createdBy, accept: ['image/jpeg'] });
      await files.attach(PHOTO_OWNER, file.id, file.id);
      for (const size of Object.keys(THUMB_SIZES).map(Number)) await putThumbnail(file, size, photo);
      return file.id;
    },

    /** Removes a photo stored for a member save that did not commit: its thumbnails, its file and record. */
    async discardPhoto(key: string) {
      const file = await photoFile(key);
      if (!file) return;
      for (const size of Object.keys(THUMB_SIZES).map(Number)) await files.store.delete(thumbKey(file, size)).catch(() => undefined);
      await files.detachAll(PHOTO_OWNER, key);
    },

    /** GET thumbs/{size}/{key}: the thumbnail, made and kept on first request when missing; 404 for an unknown key or size. */
    async thumbnail(size: number, key: string): Promise<Buffer> {
      const file = THUMB_SIZES[size] ? await photoFile(key) : null;
      if (!file) throw notFound(photoTexts.notFound);
      try {
        return await readAll(await files.store.get(thumbKey(file, size)));
      } catch {
        let photo: Buffer;
        try {
          photo = await readAll(await files.open(file));
        } catch {
          throw notFound(photoTexts.notFound);
        }
        return putThumbnail(file, size, photo);
      }
    },

    /**
     * GET thumbs/{size}/{key} for a viewer: any photo with v2access, else only their own or their dependents' (404
     * otherwise, like an unknown key: issue 28, a photo key cannot be probed).
     */
    async thumbnailFor(viewer: SessionUser, size: number, key: string): Promise<Buffer> {
      if (!canViewAnyPhoto(viewer.roles) && !(await isOwnPhoto(viewer, key))) throw notFound(photoTexts.notFound);
      return service.thumbnail(size, key);
    },

    /** GET thumbs/{ownerId} for a viewer: any user's avatar with v2access, else only their own (403). */
    async userThumbnailFor(viewer: SessionUser, userId: number): Promise<Thumbnail> {
      if (!canViewAnyPhoto(viewer.roles) && viewer.userId !== userId) throw forbidden();
      return service.userThumbnail(userId);
    },

    /**
     * GET thumbs/{ownerId}: the avatar (size 2) of a staff user, for the audit list (who changed): the photo of
     * the user's member record (users.cst_id, else the member with the user's CPF), else the placeholder.
     */
    async userThumbnail(userId: number): Promise<Thumbnail> {
      const { rows } = await pool.query<{ key: string | null }>(
        `select coalesce(
           (select c.cust_photo_key from customers c where c.cst_id = u.cst_id),
           (select c.cust_photo_key from customers c where c.cust_cpf = u.cpf and c.cust_photo_key is not null order by c.cst_id limit 1)
         ) as key
         from users u where u.user_id = $1`,
        [userId],
      );
      const key = rows[0]?.key;
      if (key) {
        try {
          return { data: await service.thumbnail(2, key), isPhoto: true };
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'notFound')) throw error;
        }
      }
      return { data: await placeholderThumbnail(2), isPhoto: false };
    },
  };
  return service;
}

export type PhotoService = ReturnType<typeof createPhotoService>;
