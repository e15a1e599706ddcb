import { personPhotoContracts } from '@assoc/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createMember, createTestApp, signedInAs, type TestContext } from '../../../test/helper.js';
import { seedPhotos } from './photos.seed.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('demo photos', () => {
  it('gives about one member in five a stored photo whose thumbnails are served, the same on a second run', async () => {
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await createMember(ctx));
    const lines: string[] = [];
    await seedPhotos(ctx.db, ctx.app.services.files.store, (line) => lines.push(line));
    const keysOf = async () =>
      (await ctx.pool.query<{ cstId: number; key: string | null }>('select cst_id as "cstId", cust_photo_key as key from customers order by cst_id'))
        .rows;
    const first = await keysOf();
    const withPhoto = first.filter((row) => row.key);
    expect(withPhoto.length).toBe(first.filter((row) => row.cstId % 5 === 0).length);
    expect(withPhoto.length).toBeGreaterThanOrEqual(4);
    expect(lines.at(-1)).toMatch(/^Fotos de demonstração: \d+ pessoas$/);

    // Staff who may open members see their photos (issue 22 item 5: not any signed-in user).
    const { client } = await signedInAs(ctx, ['v2access']);
    const res = await call(client, personPhotoContracts.thumbnail, { params: { size: 2, key: withPhoto[0]!.key! } });
    expect(res.status).toBe(200);
    const meta = await sharp(res.body).metadata();
    expect([meta.width, meta.height]).toEqual([160, 212]);

    // A second run keeps every photo (its time, under 5 s, is a figure of bench/timing.bench.ts).
    await seedPhotos(ctx.db, ctx.app.services.files.store);
    expect(await keysOf()).toEqual(first);
  });
});
