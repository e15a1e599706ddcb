import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsContracts, personPhotoContracts } from '@assoc/domain';
import { AppError } from '../../lib/errors.js';
import { call, prepare, createMember, createTestApp, createUser, signIn, signedInAs, type Client, type TestContext } from '../../../test/helper.js';
import { PHOTO_MAX_BYTES, decodePhotoDataUrl, photoTexts } from './photos.service.js';

const dataUrl = (bytes: Buffer, type = 'png') => `data:image/${type};base64,${bytes.toString('base64')}`;
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();

let ctx: TestContext;
/** Staff with full access (v2access): may see any member's photo. */
let anyone: Client;
beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: path.join(process.env.TEST_DATA_DIR ?? os.tmpdir(), `photos-${process.pid}`) });
  anyone = (await signedInAs(ctx, ['v2access'])).client;
});
afterAll(async () => {
  await ctx.close();
});

async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).statusCode, message: (error as AppError).message };
}

describe('savePhoto (called by the member save)', () => {
  it('stores a PNG, JPEG or WebP data URL, normalised to at most 400x400 without metadata, and answers a new key each time', async () => {
    const photos = ctx.app.services.photos;
    const png = await image(800, 600);
    const key = await photos.savePhoto(dataUrl(png));
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await photos.savePhoto(dataUrl(png))).not.toBe(key);
    const file = (await ctx.app.services.files.find(key))!;
    expect(file.mimeType).toBe('image/jpeg');
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.app.services.files.open(file)) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect([meta.width, meta.height, meta.exif, meta.icc]).toEqual([400, 300, undefined, undefined]);
    // The data URL's claimed type does not matter, the content does.
    expect(await photos.savePhoto(dataUrl(await image(50, 50, 'jpeg'), 'png'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(await photos.savePhoto(dataUrl(await image(50, 50, 'webp'), 'webp'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 400 with a pt-BR message for a malformed data URL, a non-image or one too large', async () => {
    const photos = ctx.app.services.photos;
    for (const bad of ['', 'abc', 'http://x/y.png', 'data:image/png,abc', 'data:image/png;base64,@@@@', 'data:text/plain;base64,aGVsbG8=']) {
      expect(await refusal(photos.savePhoto(bad)), bad).toEqual({ status: 400, message: photoTexts.invalid });
    }
    expect(await refusal(photos.savePhoto(dataUrl(Buffer.from('%PDF-1.4 not an image at all'))))).toEqual({
      status: 400,
      message: photoTexts.notImage,
    });
    // PNG signature, broken body: sharp cannot read it.
    const broken = Buffer.concat([(await image(10, 10)).subarray(0, 8), Buffer.alloc(200, 7)]);
    expect(await refusal(photos.savePhoto(dataUrl(broken)))).toEqual({ status: 400, message: photoTexts.notImage });
    expect(() => decodePhotoDataUrl(dataUrl(Buffer.alloc(PHOTO_MAX_BYTES + 10, 1)))).toThrow(photoTexts.tooLarge(PHOTO_MAX_BYTES));
  });
});

describe('GET thumbs/{size}/{key}', () => {
  let key: string;
  beforeAll(async () => {
    key = await ctx.app.services.photos.savePhoto(dataUrl(await image(400, 400)));
  });

  it('serves the 160x212 (size 2) and 40x53 (size 1) thumbnails, cached privately (never public: issue 22 item 5)', async () => {
    for (const [size, width, height] of [
      [2, 160, 212],
      [1, 40, 53],
    ] as const) {
      const res = await call(anyone, personPhotoContracts.thumbnail, { params: { size, key } });
      expect(res.status).toBe(200);
      expect(res.res.headers['content-type']).toBe('image/jpeg');
      expect(res.res.headers['cache-control']).toBe('private, max-age=3600');
      const meta = await sharp(res.body).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
  });

  it('makes a missing thumbnail again from the photo', async () => {
    const file = (await ctx.app.services.files.find(key))!;
    await ctx.app.services.files.store.delete(`${file.storageKey}-t2`);
    const res = await call(anyone, personPhotoContracts.thumbnail, { params: { size: 2, key } });
    expect(res.status).toBe(200);
    expect((await sharp(res.body).metadata()).height).toBe(212);
  });

  it('answers 404 for an unknown key or size and for a stored file that is not a photo', async () => {
    const other = await ctx.app.services.files.save({ name: 'x.png', data: await image(20, 20) });
    await ctx.app.services.files.attach('job', '1', other.id);
    for (const route of [
      prepare(personPhotoContracts.thumbnail, { params: { size: 2, key: '00000000-0000-4000-8000-000000000000' } }),
      prepare(personPhotoContracts.thumbnail, { params: { size: 2, key: 'abc' } }),
      prepare(personPhotoContracts.thumbnail, { params: { size: 3, key } }),
      prepare(personPhotoContracts.thumbnail, { params: { size: 0, key } }),
      prepare(personPhotoContracts.thumbnail, { params: { size: 2, key: other.id } }),
    ]) {
      const res = await route.send(anyone);
      expect(res.status, route.label).toBe(404);
      expect(res.res.headers['cache-control'], route.label).toBe('no-store');
    }
  });

  it('needs a session', async () => {
    expect((await call(ctx.app, personPhotoContracts.thumbnail, { params: { size: 2, key } })).status).toBe(401);
  });
});

describe('GET thumbs/{ownerId}', () => {
  it("serves the photo of the staff user's member record, else a placeholder", async () => {
    const key = await ctx.app.services.photos.savePhoto(dataUrl(await image(400, 400)));
    const member = await createMember(ctx, { custPhotoKey: key });
    const withPhoto = await createUser(ctx, { roles: [], cpf: member.custCpf! });
    const without = await createUser(ctx, { roles: ['v2access'] });
    const client = await signIn(ctx, without.cpf);
    const photo = await call(client, personPhotoContracts.ownerThumbnail, { params: { ownerId: withPhoto.userId } });
    expect(photo.status).toBe(200);
    expect(photo.res.headers['content-type']).toBe('image/jpeg');
    expect(photo.res.headers['cache-control']).toBe('private, max-age=600');
    expect(photo.body.equals((await call(client, personPhotoContracts.thumbnail, { params: { size: 2, key } })).body)).toBe(true);
    for (const id of [without.userId, 999_999_999]) {
      const placeholder = await call(client, personPhotoContracts.ownerThumbnail, { params: { ownerId: id } });
      expect(placeholder.status).toBe(200);
      expect(placeholder.res.headers['content-type']).toBe('image/png');
      const meta = await sharp(placeholder.body).metadata();
      expect([meta.width, meta.height]).toEqual([160, 212]);
    }
    expect((await call(ctx.app, personPhotoContracts.ownerThumbnail, { params: { ownerId: withPhoto.userId } })).status).toBe(401);
  });
});

describe('who may see a photo (issue 22 item 5)', () => {
  let holderKey: string;
  let dependentKey: string;
  let strangerKey: string;
  let portal: { client: Client; userId: number };
  let otherPortal: Client;
  let cchOnly: Client;
  let staffUserId: number;
  beforeAll(async () => {
    const photos = ctx.app.services.photos;
    holderKey = await photos.savePhoto(dataUrl(await image(300, 300)));
    dependentKey = await photos.savePhoto(dataUrl(await image(300, 300)));
    strangerKey = await photos.savePhoto(dataUrl(await image(300, 300)));
    const holder = await createMember(ctx, { custPhotoKey: holderKey });
    await createMember(ctx, { parentId: holder.cstId, custPhotoKey: dependentKey });
    const stranger = await createMember(ctx, { custPhotoKey: strangerKey });
    const portalUser = await createUser(ctx, { roles: ['v2portal'], cstId: holder.cstId, cpf: holder.custCpf! });
    portal = { client: await signIn(ctx, portalUser.cpf), userId: portalUser.userId };
    const otherUser = await createUser(ctx, { roles: ['v2portal'], cstId: stranger.cstId, cpf: stranger.custCpf! });
    otherPortal = await signIn(ctx, otherUser.cpf);
    cchOnly = (await signedInAs(ctx, ['v2menucch', 'v2menuusuario', 'v2cchdownload', 'v2cchbeneficioedit'])).client;
    const staffMember = await createMember(ctx, { custPhotoKey: await photos.savePhoto(dataUrl(await image(300, 300))) });
    staffUserId = (await createUser(ctx, { roles: ['v2access'], cpf: staffMember.custCpf! })).userId;
  });

  it("a portal member sees their own photo and their dependents' (private cache), and no one else's", async () => {
    for (const key of [holderKey, dependentKey]) {
      const res = await call(portal.client, personPhotoContracts.thumbnail, { params: { size: 2, key } });
      expect(res.status, key).toBe(200);
      expect(res.res.headers['cache-control']).toBe('private, max-age=3600');
    }
    const refused = await call(portal.client, personPhotoContracts.thumbnail, { params: { size: 2, key: strangerKey } });
    // Like an unknown key (issue 28: a photo key cannot be probed).
    expect(refused.status).toBe(404);
    const own = await call(portal.client, personPhotoContracts.ownerThumbnail, { params: { ownerId: portal.userId } });
    expect(own.status).toBe(200);
    expect(own.res.headers['cache-control']).toBe('private, max-age=600');
    expect((await call(portal.client, personPhotoContracts.ownerThumbnail, { params: { ownerId: staffUserId } })).status).toBe(403);
  });

  it('the generic file download (jobs/download/{fileId}) follows the same rule for the stored photo', async () => {
    expect((await call(portal.client, jobsContracts.download, { params: { fileId: holderKey } })).status).toBe(200);
    for (const client of [otherPortal, cchOnly])
      expect((await call(client, jobsContracts.download, { params: { fileId: holderKey } })).status).toBe(404);
    expect((await call(portal.client, jobsContracts.download, { params: { fileId: strangerKey } })).status).toBe(404);
    expect((await call(anyone, jobsContracts.download, { params: { fileId: strangerKey } })).status).toBe(200);
  });

  it("another portal member and a CCH-only user are refused: 404 for a person's photo key (issue 28), 403 for a user id", async () => {
    for (const client of [otherPortal, cchOnly]) {
      for (const [route, status] of [
        [prepare(personPhotoContracts.thumbnail, { params: { size: 2, key: holderKey } }), 404],
        [prepare(personPhotoContracts.thumbnail, { params: { size: 1, key: dependentKey } }), 404],
        [prepare(personPhotoContracts.ownerThumbnail, { params: { ownerId: portal.userId } }), 403],
        [prepare(personPhotoContracts.ownerThumbnail, { params: { ownerId: staffUserId } }), 403],
      ] as const) {
        expect((await route.send(client)).status, route.label).toBe(status);
      }
    }
    // An unknown key answers the same 404: nothing tells it apart.
    expect((await call(cchOnly, personPhotoContracts.thumbnail, { params: { size: 2, key: '00000000-0000-4000-8000-000000000000' } })).status).toBe(
      404,
    );
  });

  it("staff with v2access see any member's photo and any user's avatar; anonymous 401", async () => {
    for (const route of [
      prepare(personPhotoContracts.thumbnail, { params: { size: 2, key: holderKey } }),
      prepare(personPhotoContracts.thumbnail, { params: { size: 2, key: strangerKey } }),
      prepare(personPhotoContracts.ownerThumbnail, { params: { ownerId: portal.userId } }),
    ]) {
      expect((await route.send(anyone)).status, route.label).toBe(200);
      expect((await route.send(ctx.app)).status, route.label).toBe(401);
    }
  });
});
