import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { preloadableLazy } from '../modules/ui/lazy/preloadableLazy';

// Preloaded by the click that opens a member (useOpenPerson), then rendered without suspending.
const MemberPage = preloadableLazy(() => import('../pages/MemberPage'));

/**
 * The built screen of each route of the domain's route table, one line per screen, each its own
 * chunk. A route without an entry shows the shared "Em construção" page.
 */
export const screens: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  // /associado and /novoassociado are the same screen (spec 1 §2).
  '/associado': MemberPage,
  '/novoassociado': MemberPage,
  '/emails': lazy(() => import('../pages/EmailsPage')),
  '/terceiros': lazy(() => import('../pages/TerceirosPage')),
  '/extratogroup': lazy(() => import('../pages/ExtratoGroupPage')),
  '/feriados': lazy(() => import('../pages/FeriadosPage')),
  '/forumcargos': lazy(() => import('../pages/ForumCargosPage')),
  '/assoccargos': lazy(() => import('../pages/AssocCargosPage')),
  '/servico': lazy(() => import('../pages/ServicosPage')),
  '/outbox': lazy(() => import('../pages/OutboxPage')),
  '/seguranca': lazy(() => import('../pages/SecurityEventsPage')),
  '/acessos': lazy(() => import('../pages/AcessosPage')),
  '/regioes': lazy(() => import('../pages/RegioesPage')),
  '/localizacao': lazy(() => import('../pages/LocalizacaoPage')),
  '/reports': lazy(() => import('../pages/ReportsPage')),
  '/processo': lazy(() => import('../pages/ProcessoPage')),
  '/chavesapi': lazy(() => import('../pages/ChavesApiPage')),
  '/acompanhamento': lazy(() => import('../pages/AcompanhamentoPage')),
  '/mudancafaixa': lazy(() => import('../pages/MudancaFaixaPage')),
  '/cch': lazy(() => import('../pages/CchPage')),
  '/cchaumento': lazy(() => import('../pages/CchAumentoPage')),
  '/tuss': lazy(() => import('../pages/TussPage')),
  '/devolucao': lazy(() => import('../pages/DevolucaoPage')),
  '/filter': lazy(() => import('../pages/FilterPage')),
  '/marketing': lazy(() => import('../pages/MarketingPage')),
  '/financeiro/fechar': lazy(() => import('../pages/FecharPage')),
  '/financeiro/efetuado': lazy(() => import('../pages/EfetuadoPage')),
  '/saldoaberto': lazy(() => import('../pages/SaldoAbertoPage')),
  '/lancamentos': lazy(() => import('../pages/LancamentosPage')),
  '/financeiro/remessa': lazy(() => import('../pages/RemessaPage')),
  '/financeiro/importarbanco': lazy(() => import('../pages/ImportarBancoPage')),
  '/financeiro/importar': lazy(() => import('../pages/ImportarArquivoPage')),
  '/terminal': lazy(() => import('../pages/TerminalPage')),
};

/** Starts loading a screen's chunk ahead of its navigation, when the screen supports it. */
export function preloadScreen(path: string) {
  const screen = screens[path] as Partial<{ preload(): void }> | undefined;
  screen?.preload?.();
}
