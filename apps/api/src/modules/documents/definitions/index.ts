import type { DocumentDefinition } from '../document.types.js';
import { declaracaoSaude } from './declaracao-saude.js';
import { declaracaoVinculo } from './declaracao-vinculo.js';
import { etiquetas } from './etiquetas.js';
import { extrato } from './extrato.js';
import { informeRendimentos } from './informe-rendimentos.js';
import { cchAprovacao } from './cch-aprovacao.js';
import { cchNegativa } from './cch-negativa.js';
import { boleto } from './boleto.js';
import { efetuado, efetuadoSaude } from './efetuado.js';

/** Every shipped document (issue 11), by report name; a new document is one more entry. */
export const documentDefinitions: DocumentDefinition[] = [
  declaracaoVinculo,
  declaracaoSaude,
  etiquetas,
  extrato,
  informeRendimentos,
  cchAprovacao,
  cchNegativa,
  boleto,
  efetuado,
  efetuadoSaude,
];
