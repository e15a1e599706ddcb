import type { z } from 'zod';
import { requiredText } from '@assoc/domain';
import type { DocumentDefinition } from '../document.types.js';
import { cchLetterInputs, cchLetterTemplate, cchRequestData, cchSampleRequest } from './money-cch-letter.js';

const data = cchRequestData.extend({
  /** The reason for the denial (cchDeliberacao, at most 120 characters). */
  reason: requiredText(1, 120),
});

/** The CCH denial letter (status 4 INDEFERIDO; GET cch/indeferido/{cchId} in spec 2 §6). */
export const cchNegativa: DocumentDefinition<typeof data> = {
  name: 'cch-negativa',
  description: 'Carta de indeferimento de solicitação de CCH, com o motivo.',
  data,
  template: cchLetterTemplate('Comunicado de indeferimento de CCH'),
  inputs(d: z.output<typeof data>, context) {
    return [
      {
        ...cchLetterInputs(d, context),
        corpo:
          `Comunicamos que a solicitação acima foi analisada e INDEFERIDA pelo seguinte motivo: ${d.reason}.\n\n` +
          'Em caso de dúvida, ou para apresentar recurso, entre em contato com a secretaria da associação.\n\nAtenciosamente,',
      },
    ];
  },
  sample() {
    return { ...cchSampleRequest(), reason: 'Procedimento realizado antes do término da carência do benefício' };
  },
};
