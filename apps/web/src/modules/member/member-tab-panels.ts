import { lazy } from 'react';
import type { MemberTabKey, MemberTabPanel } from './member-tab.types';

/**
 * The lazy panel of each tab of /associado, one line per tab, each its own chunk (loaded when the tab
 * is opened). A tab without an entry shows "Em construção" and nothing else. A tab's module adds only
 * its line here, e.g.
 *   1: lazy(() => import('./user-tab/UserTab')), // Usuário; default export: (props: MemberTabProps) => JSX
 * keyed by the domain's tab key (member-tabs.ts).
 */
const userTab = () => import('./user-tab/UserTab');

export const memberTabPanels: Partial<Record<MemberTabKey, MemberTabPanel>> = {
  1: lazy(userTab), // Usuário
  4: lazy(() => import('./location-tab/LocationTab')), // Localização
  13: lazy(() => import('./follow-up-tab/FollowUpTab')), // Acompanhamento
  2: lazy(() => import('./dependents-tab/DependentsTab')), // Dependentes
  10: lazy(() => import('./settings-tab/SettingsTab')), // Configurações
  12: lazy(() => import('./qualification-tab/QualificationTab')), // Qualificação
  14: lazy(() => import('./email-tab/EmailTab')), // E-Mail
  3: lazy(() => import('./services-tab/ServicesTab')), // Serviços
  7: lazy(() => import('./charges-tab/ChargesTab')), // Cobranças
  5: lazy(() => import('./statements-tab/StatementsTab')), // Extratos
};

/**
 * Starts fetching the first tab's chunk together with the member's data instead of after it (the screen
 * bench saw the Usuário chunk requested only once GET user/{cstId} had answered). Import is cached by the
 * browser, so the lazy panel then resolves at once.
 */
export function preloadFirstMemberTab() {
  // A failed prefetch is harmless: the lazy panel imports again when it renders (and reports a failure then).
  userTab().catch(() => undefined);
}
