/**
 * The TUSS codes the association uses, shipped as data (BANKING-AND-HEALTH §4 "How to ship a subset"): the codes the
 * spec names and the common physiotherapy and consultation codes the notes list. Codes missing here are added by a
 * superadmin in the TUSS registry (issue 26); the lookup reads this subset first.
 *
 * Terms: 10101012, 50000144 and 31601014 as the notes quote them from TUSS-2021; the others are the notes' short
 * descriptions, to be replaced by the ANS workbook's exact terms when the association adopts a newer edition
 * (update TUSS_SUBSET_VERSION with them). The association's own codes (kind 'associacao') are not TUSS codes.
 */
export const TUSS_TABLE = '22';
/** The TUSS edition the terms come from (TUSS-2021, ANS correlation table TUSS × Rol 2021). */
export const TUSS_SUBSET_VERSION = '2021';
export const TUSS_SUBSET_SOURCE = 'ANS, Terminologia Unificada da Saúde Suplementar, tabela 22 (correlação TUSS × Rol 2021)';

export interface TussSubsetEntry {
  readonly code: string;
  readonly term: string;
  /** 'tuss': a code of table 22; 'associacao': one of the association's own codes the spec names (not TUSS). */
  readonly kind: 'tuss' | 'associacao';
}

export const tussSubset: readonly TussSubsetEntry[] = [
  { code: '10101012', term: 'Consulta em consultório (no horário normal ou preestabelecido)', kind: 'tuss' },
  { code: '10101020', term: 'Consulta em domicílio', kind: 'tuss' },
  { code: '10101039', term: 'Consulta em pronto socorro', kind: 'tuss' },
  { code: '50000144', term: 'Consulta ambulatorial em fisioterapia', kind: 'tuss' },
  { code: '50000160', term: 'Atendimento fisioterapêutico ambulatorial - sistema músculo-esquelético', kind: 'tuss' },
  { code: '50000241', term: 'Consulta domiciliar em fisioterapia', kind: 'tuss' },
  { code: '50000349', term: 'Consulta hospitalar em fisioterapia', kind: 'tuss' },
  { code: '50000470', term: 'Sessão de psicoterapia individual por psicólogo', kind: 'tuss' },
  { code: '50000837', term: 'Hidroterapia individual', kind: 'tuss' },
  { code: '50000845', term: 'Hidroterapia em grupo', kind: 'tuss' },
  { code: '50000853', term: 'Pilates individual', kind: 'tuss' },
  { code: '50000861', term: 'Pilates em grupo', kind: 'tuss' },
  { code: '50000870', term: 'Quiropraxia', kind: 'tuss' },
  { code: '31601014', term: 'Acupuntura por sessão', kind: 'tuss' },
  { code: '31602185', term: 'Estimulação elétrica transcutânea', kind: 'tuss' },
  // The association's own codes (spec 2 §4 and §9).
  { code: '31000100', term: 'Benefício 4 (E)', kind: 'associacao' },
  { code: '31000200', term: 'Benefício 5 (D)', kind: 'associacao' },
  { code: '99999999', term: 'Procedimento genérico (descrever o procedimento)', kind: 'associacao' },
];

const byCode = new Map(tussSubset.map((entry) => [entry.code, entry]));

/** The shipped term of a code, or null. */
export const tussSubsetTerm = (code: string) => byCode.get(code)?.term ?? null;
