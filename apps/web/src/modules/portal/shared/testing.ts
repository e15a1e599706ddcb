import type { PortalFinance } from '@assoc/domain';
import { sessionFor } from '../../../test/fixtures';

/** The portal member of the tab tests. */
export const PORTAL_CSTID = 4242;
export const portalSession = () => sessionFor(['v2portal'], { cstId: PORTAL_CSTID, name: 'Maria Portal' });

export function portalFinance(overrides: Partial<PortalFinance> = {}): PortalFinance {
  return {
    cstId: PORTAL_CSTID,
    custAssocSituacao: 1,
    custIRPorEmail: true,
    custEmail: 'maria@example.com',
    extratoDatas: [
      { value: -12, label: 'Em aberto' },
      { value: 11, label: '10/2026' },
      { value: 10, label: '09/2026' },
    ],
    irDatas: [
      { value: 2025, label: '2025' },
      { value: 2024, label: '2024' },
    ],
    cobrancas: [
      {
        cobId: 31,
        cobVencimento: '2030-03-10',
        cobRetorno: null,
        cobValor: 24674,
        bnkId: 11,
        bnkName: 'Boleto Bancário',
        cdrCodRet: null,
        cdrDescription: null,
        cobParcela: 1,
        cobParcelas: 1,
        cobLinhaDigitavel: '00190.00009 01474.166004 00000.003178 1 10160000024674',
      },
      {
        cobId: 30,
        cobVencimento: '2026-01-10',
        cobRetorno: '2026-01-12',
        cobValor: 15000,
        bnkId: 2,
        bnkName: 'Banco do Brasil',
        cdrCodRet: 0,
        cdrDescription: 'Pago',
        cobParcela: 1,
        cobParcelas: 1,
        cobLinhaDigitavel: null,
      },
    ],
    ...overrides,
  };
}

/** Makes `useMediaQuery` answer "a phone" (below sm) for the test's duration. */
export function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
