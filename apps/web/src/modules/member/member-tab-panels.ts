import { lazy } from 'react';
import { preloadableLazy } from '../ui/lazy/preloadableLazy';
import type { MemberTabKey, MemberTabPanel } from './member-tab.types';

/**
 * The lazy panel of each tab of /associado, one line per tab, each its own chunk (loaded when the tab
 * is opened). A tab without an entry shows "Em construção" and nothing else. A tab's module adds only
 * its line here, e.g.
 *   1: lazy(() => import('./user-tab/UserTab')), // Usuário; default export: (props: MemberTabProps) => JSX
 * keyed by the domain's tab key (member-tabs.ts).
 */
// Preloaded with the member's data (preloadFirstMemberTab), then rendered without suspending.
const UserTab = preloadableLazy(() => import('./user-tab/UserTab'));

export const memberTabPanels: Partial<Record<MemberTabKey, MemberTabPanel>> = {
  1: UserTab, // Usuário
  2: lazy(() => import('./dependents-tab/DependentsTab')), // Dependentes
  10: lazy(() => import('./settings-tab/SettingsTab')), // Configurações
  12: lazy(() => import('./qualification-tab/QualificationTab')), // Qualificação
  14: lazy(() => import('./email-tab/EmailTab')), // E-Mail
  3: lazy(() => import('./services-tab/ServicesTab')), // Serviços
  7: lazy(() => import('./charges-tab/ChargesTab')), // Cobranças
  5: lazy(() => import('./statements-tab/StatementsTab')), // Extratos
  6: lazy(() => import('./income-tax-tab/IncomeTaxTab')), // I.R.
  8: lazy(() => import('./documents-tab/DocumentsTab')), // Documentos
  4: lazy(() => import('./location-tab/LocationTab')), // Localização
  13: lazy(() => import('./follow-up-tab/FollowUpTab')), // Acompanhamento
  11: lazy(() => import('./reimbursements-tab/ReimbursementsTab')), // Ressarcimentos
};

/**
 * Starts fetching the first tab's chunk with the member's data (prefetch.ts: at the click that opens the
 * member) instead of after it, so the panel renders in the same pass as the record.
 */
export function preloadFirstMemberTab() {
  UserTab.preload();
}
