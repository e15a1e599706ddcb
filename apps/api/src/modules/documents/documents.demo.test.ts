import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '@assoc/domain';
import { createTestApp, type TestContext } from '../../../test/helper.js';
import { seedPeople } from '../../db/seed/people.seed.js';
import { pdfText } from './pdf-text.testing.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ ASSOCIATION_NAME: 'Associação Paulista de Magistrados' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('documents on the app', () => {
  it('without demo people every demoData answers null (the viewer falls back to the sample)', async () => {
    for (const definition of ctx.app.services.documents.definitions) {
      if (definition.demoData) expect(await definition.demoData(ctx.db)).toBeNull();
    }
  });

  it('renders each of its documents from a real demo member with the configured association name', async () => {
    await seedPeople(ctx.db, { scale: 60, log: () => {} });
    const { documents } = ctx.app.services;
    for (const name of ['declaracao-vinculo', 'declaracao-saude', 'etiquetas']) {
      const definition = documents.definition(name);
      const data = await definition.demoData!(ctx.db);
      expect(data, name).not.toBeNull();
      const text = (await pdfText(await documents.render(name, data))).join(' ').replace(/\/ /g, '/');
      expect(text, name).toContain('Associação Paulista de Magistrados');
      if (name === 'declaracao-vinculo') expect(text).toContain(formatCpf((data as { cpf: string }).cpf));
      if (name === 'etiquetas') expect(text).toMatch(/\d{5}-\d{3} – /);
    }
  });
});
