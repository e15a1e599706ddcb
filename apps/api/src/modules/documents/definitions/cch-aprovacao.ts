import { formatCents, formatDate, isoDateField, moneyCents } from '@assoc/domain';
import type { z } from 'zod';
import type { DocumentDefinition } from '../document.types.js';
import { cchLetterInputs, cchLetterTemplate, cchRequestData, cchSampleRequest } from './money-cch-letter.js';

const data = cchRequestData.extend({
  /** The approved amount (cents). */
  approved: moneyCents({ min: 0 }),
  /** When the amount is credited (cchDataCredito), when known. */
  creditDate: isoDateField().optional(),
});

/** The CCH approval letter (status 3 DEFERIDO; GET cch/deferido/{cchId} in spec 2 §6). */
export const cchAprovacao: DocumentDefinition<typeof data> = {
  name: 'cch-aprovacao',
  description: 'Carta de deferimento de solicitação de CCH.',
  data,
  template: cchLetterTemplate('Comunicado de deferimento de CCH'),
  inputs(d: z.output<typeof data>, context) {
    const credit = d.creditDate ? `, com crédito previsto para ${formatDate(d.creditDate)}` : '';
    return [
      {
        ...cchLetterInputs(d, context),
        corpo:
          `Comunicamos que a solicitação acima foi analisada e DEFERIDA, no valor de ${formatCents(d.approved)}${credit}. ` +
          'O valor será creditado na conta bancária informada na solicitação. Em caso de dúvida, entre em contato com a secretaria da associação.\n\nAtenciosamente,',
      },
    ];
  },
  sample() {
    return { ...cchSampleRequest(), approved: 98_750, creditDate: '2026-03-10' };
  },
};
