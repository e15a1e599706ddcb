import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PortalTabKey = 'cadastro' | 'dependentes' | 'extratos' | 'ir' | 'cobrancas' | 'seguranca';

/** The portal's tabs in order (spec 3 §2.15 plus Cobranças and Segurança, issue 28); each tab is its own chunk. */
export const portalTabs: ReadonlyArray<{ key: PortalTabKey; label: string; Component: LazyExoticComponent<ComponentType> }> = [
  { key: 'cadastro', label: 'Cadastro', Component: lazy(() => import('./cadastro/CadastroTab')) },
  { key: 'dependentes', label: 'Dependentes', Component: lazy(() => import('./dependentes/DependentesTab')) },
  { key: 'extratos', label: 'Extratos', Component: lazy(() => import('./extratos/ExtratosTab')) },
  { key: 'ir', label: 'I.R.', Component: lazy(() => import('./ir/IrTab')) },
  { key: 'cobrancas', label: 'Cobranças', Component: lazy(() => import('./cobrancas/CobrancasTab')) },
  { key: 'seguranca', label: 'Segurança', Component: lazy(() => import('./seguranca/SegurancaTab')) },
];
