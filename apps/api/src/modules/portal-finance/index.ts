import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { portalFinanceContracts, type PortalFinance } from '@assoc/domain';
import { defineRoutes } from '../../lib/define-route.js';
import { defineModule } from '../../lib/module.js';
import { notFound } from '../../lib/errors.js';

/**
 * The portal's money lists (issue 28 item 3): `GET portal/financeiro/{cstId}`, the member's own call only (the
 * contract's self rule with no roles: 404 about anyone else, staff included). It reads what the staff record's
 * Extratos, I.R. and Cobranças tabs read (the ledger's periods, the income tax's years, the charges), so the portal
 * needs no member-record sections it may not see. The statement, I.R., declaration and boleto calls themselves are
 * the staff tabs' own, opened to the member by their contracts' self and owner rules.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  defineRoutes(app, portalFinanceContracts, {
    summary: async (request): Promise<PortalFinance> => {
      const { cstId } = request.params;
      return app.db.transaction(
        async (tx) => {
          const { rows } = await tx.execute<{ situacao: number | null; ir: boolean; email: string | null }>(
            sql`select cust_assoc_situacao as situacao, cust_ir_por_email as ir, cust_email as email
                      from customers where cst_id = ${cstId} and parent_id is null`,
          );
          const member = rows[0];
          if (!member) throw notFound();
          const [extratoDatas, irDatas, cobrancas] = [
            await services.ledger.periodsOf(tx, cstId),
            await services.incomeTax.years(cstId, tx),
            await services.charges.load(tx, cstId),
          ];
          return {
            cstId,
            custAssocSituacao: member.situacao,
            custIRPorEmail: member.ir === true,
            custEmail: member.email,
            extratoDatas,
            irDatas,
            cobrancas: cobrancas.map((c) => ({
              cobId: c.cobId!,
              cobVencimento: c.cobVencimento,
              cobRetorno: c.cobRetorno ?? null,
              cobValor: c.cobValor,
              bnkId: c.bnkId ?? null,
              bnkName: c.bnkName ?? null,
              cdrCodRet: c.cdrCodRet ?? null,
              cdrDescription: c.cdrDescription ?? null,
              cobParcela: c.cobParcela ?? null,
              cobParcelas: c.cobParcelas ?? null,
              cobLinhaDigitavel: c.cobLinhaDigitavel ?? null,
            })),
          };
        },
        { accessMode: 'read only' },
      );
    },
  });
};

export default defineModule({ name: 'portalFinance', needs: ['ledger', 'incomeTax', 'charges'], routes });
