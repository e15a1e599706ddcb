import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.js';
import { Shell, expectToast, stateOf, withDb } from '../fixtures/app.js';
import { createHolder, deletePeople } from '../fixtures/fixtures-api.js';

/**
 * The member photo (issue 12 item 5): a picture file cropped in the 'Foto' modal, saved with the member, served
 * as the 160x212 thumbnail in the search suggestions; and the 'Mapa' dialog of an address, which opens with a
 * note when the address cannot be placed (the geocoder is unreachable or finds nothing here).
 * The webcam is left to the component tests (a mocked getUserMedia): no fake camera in this browser.
 */

const NAME = 'Genoveva Fotografada Teste';

test.use({ storageState: stateOf('superadmin') });

test.beforeAll(async () => {
  await withDb(async (db) => {
    await deletePeople(db, NAME);
    // A place no geocoder knows: the map opens on São Paulo with a note, online or not.
    await createHolder(db, {
      name: NAME,
      birthdate: '1966-02-11',
      numeroInterno: '7654200',
      estadoCivil: 1,
      status: 'O',
      bnkId: null,
      address: {
        zipcode: '99999999',
        street: 'Rua Inventada Para Teste',
        number: '1',
        bairro: 'Bairro Nenhum',
        city: 'Cidade Inexistente',
        state: 'SP',
        addNewCep: 1,
      },
    });
  });
});

/** A 600x450 PNG drawn by the browser (a coloured picture with a face-like disc), as a file to choose. */
async function pictureFile(page: Page) {
  // A script string: this project's types have no DOM.
  const base64 = await page.evaluate<string>(`(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 450;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#1c7ed6';
    ctx.fillRect(0, 0, 600, 450);
    ctx.fillStyle = '#f1c8a5';
    ctx.beginPath();
    ctx.arc(300, 200, 110, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL('image/png').split(',')[1];
  })()`);
  return { name: 'retrato.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') };
}

/** axe-core on the open dialog only (the page behind it is checked by its own owner's spec): no serious or critical violation. */
const expectAccessibleDialog = (page: Page, label: string) => expectNoSeriousViolations(page, label, { include: '[role="dialog"]' });

async function openMember(page: Page, query: string, name: string) {
  await page.goto('/');
  await new Shell(page).searchBox().fill(query);
  const option = page.getByRole('option').filter({ hasText: name }).first();
  await expect(option).toBeVisible();
  return option;
}

/** A demo holder without a photo whose record is valid as seeded (a bank account that passes its rules): saved as it is. */
async function demoMemberWithoutPhoto() {
  return withDb(async (db) => {
    const { rows } = await db.query<{ name: string; cpf: string }>(
      `select cust_name as name, cust_cpf as cpf from customers
        where parent_id is null and cust_photo_key is null and cust_status in ('F', 'O') and cust_assoc_situacao = 1 and bnk_id is not null
          and cust_cpf is not null
        order by cst_id limit 1`,
    );
    return rows[0]!;
  });
}

/** The save button enabled, or the fields the form finds invalid. */
async function expectSavable(page: Page) {
  const save = page.getByRole('button', { name: 'Salvar' });
  await expect
    .poll(
      async () =>
        (await save.isEnabled())
          ? 'ok'
          : await page.locator('[aria-invalid="true"]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.id).join(', ')),
      { timeout: 10_000 },
    )
    .toBe('ok');
  return save;
}

test('a photo chosen from a file, cropped and saved shows as the thumbnail in the search suggestions', async ({ page, browser }) => {
  const member = await demoMemberWithoutPhoto();
  const option = await openMember(page, member.cpf, member.name);
  // No photo yet: the suggestion shows the initials.
  await expect(option.locator('img')).toHaveCount(0);
  await option.click();
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();

  await page.getByRole('button', { name: 'Incluir foto' }).click();
  const modal = page.getByRole('dialog', { name: 'Foto' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Crop and Save' })).toBeDisabled();
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: 'Escolher arquivo' }).click();
  await (await chooser).setFiles(await pictureFile(page));

  const zoom = modal.getByRole('slider', { name: 'Zoom da foto' });
  await expect(zoom).toHaveAttribute('aria-valuenow', '1');
  await zoom.focus();
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowRight');
  await expect(zoom).toHaveAttribute('aria-valuenow', '1.25');
  // Drag the picture a little to the left.
  const area = modal.getByRole('img', { name: /Área de recorte/ });
  const box = (await area.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 40, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await page.screenshot({ path: 'test-results/screens/member-photo-crop.png' });
  await expectAccessibleDialog(page, "'Foto' crop modal");
  await modal.getByRole('button', { name: 'Crop and Save' }).click();
  await expect(modal).toBeHidden();

  // The new photo is shown (not saved yet), then saved with the member.
  const photo = page.getByRole('button', { name: 'Alterar foto' });
  await expect(photo.getByRole('img', { name: `Foto de ${member.name}` })).toHaveAttribute('src', /^data:image\/png;base64,/);
  await (await expectSavable(page)).click();
  await expectToast(page, 'Atualização realizada com sucesso');

  const key = await withDb(
    async (db) => (await db.query<{ key: string }>(`select cust_photo_key as key from customers where cust_cpf = $1`, [member.cpf])).rows[0]!.key,
  );
  expect(key).toMatch(/^[0-9a-f-]{36}$/);

  const again = await openMember(page, member.cpf, member.name);
  const thumbnail = again.locator('img');
  await expect(thumbnail).toHaveAttribute('src', `/api/v1/thumbs/2/${key}`);
  await expect
    .poll(() =>
      thumbnail.evaluate((el) => {
        const img = el as unknown as { complete: boolean; naturalWidth: number; naturalHeight: number };
        return [img.complete, img.naturalWidth, img.naturalHeight];
      }),
    )
    .toEqual([true, 160, 212]);

  // The dashboard's view history shows it too.
  await page.keyboard.press('Escape');
  await page.goto('/');
  await expect(page.getByText('Histórico de visualizações')).toBeVisible();
  await expect(page.locator(`img[src="/api/v1/thumbs/2/${key}"]`).first()).toBeVisible();

  // Cached by this browser only (its key is never reused, but who may see it depends on the session: issue 22 item 5).
  const reply = await page.request.get(`/api/v1/thumbs/2/${key}`);
  expect(reply.status()).toBe(200);
  expect(reply.headers()['cache-control']).toBe('private, max-age=3600');
  expect(reply.headers()['content-type']).toBe('image/jpeg');
  // A CCH-only user is refused the same image.
  const cch = await browser.newContext({ storageState: stateOf('cch') });
  expect((await cch.request.get(`/api/v1/thumbs/2/${key}`)).status()).toBe(404);
  await cch.close();
});

test("the 'Mapa' dialog opens from an address, with a note when the address cannot be placed", async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await (await openMember(page, 'genoveva fotografada', NAME)).click();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await page.getByRole('group', { name: 'Endereços' }).getByRole('button', { name: 'Mapa' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Mapa' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Endereço não localizado no mapa|Não foi possível localizar o endereço agora/)).toBeVisible();
  // Leaflet drew its map (tiles may not load without internet), centred on São Paulo without a marker.
  await expect(dialog.locator('.leaflet-container')).toBeVisible();
  await expect(dialog.locator('.leaflet-marker-icon')).toHaveCount(0);
  const width = await dialog.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeGreaterThanOrEqual(860);
  await page.screenshot({ path: 'test-results/screens/member-map.png' });
  await expectAccessibleDialog(page, "'Mapa' dialog");
  expect(refused).toEqual([]);
});
