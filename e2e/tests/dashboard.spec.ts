import { expect, test } from '@playwright/test';
import { dashboardCards } from '@assoc/domain';
import { stateOf, type Role } from '../fixtures/app.js';
import { expectNoSeriousViolations } from '../fixtures/axe.js';

// Painel (issue 30 item 2; docs/DASHBOARD.md): each demo profile sees only the cards its roles allow, every card with
// its numbers, and axe finds nothing serious with a chart's table open.
const expected: Array<[Role, string[]]> = [
  ['superadmin', dashboardCards.map((c) => c.key)],
  ['financeiro', ['saldo-aberto', 'fechamento', 'retorno', 'devolucoes']],
  ['atendimento', ['socios', 'acompanhamentos', 'processos']],
];

for (const [role, keys] of expected) {
  test.describe(role, () => {
    test.use({ storageState: stateOf(role) });
    test(`sees only its cards: ${keys.join(', ')}`, async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
      const titles = keys.map((key) => dashboardCards.find((c) => c.key === key)!.title);
      for (const title of titles) {
        const card = page.getByRole('region', { name: title });
        await expect(card.getByRole('link', { name: title })).toBeVisible();
        await expect(card).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
      }
      // No other card.
      for (const other of dashboardCards.filter((c) => !keys.includes(c.key))) {
        await expect(page.getByRole('region', { name: other.title })).toHaveCount(0);
      }
      // A chart's numbers in its table, then axe over the whole dashboard.
      const first = page.getByRole('region', { name: titles[0]! });
      const summary = first.getByText('Ver dados').first();
      if (await summary.count()) {
        await summary.click();
        await expect(first.getByRole('table').first()).toBeVisible();
      }
      await expectNoSeriousViolations(page, `painel de ${role}`);
    });
  });
}
