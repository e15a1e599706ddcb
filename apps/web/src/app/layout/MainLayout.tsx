import { lazy, Suspense, type CSSProperties, type MouseEvent } from 'react';
import { homeFor } from '@assoc/domain';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { SectionLoader } from '../../modules/ui/components/FullPageLoader';
import { JobsProvider } from '../../modules/jobs/hooks/JobsProvider';
import { RealtimeProvider } from '../../modules/realtime/RealtimeProvider';
import { useHasRole, useRoles } from '../../modules/ui/components/RoleGate';
import { useCurrentSession } from '../session/SessionContext';
import classes from './MainLayout.module.css';
import { ENV_BANNER_HEIGHT, EnvBanner, hasEnvBanner } from './EnvBanner';

// The side menu (its tree, icons and job links) is a chunk of its own: a portal member has no menu to show.
const SideMenu = lazy(() => import('./SideMenu').then((m) => ({ default: m.SideMenu })));
import { TopBar } from './TopBar';

const TOP_BAR_HEIGHT = 60;
/** Phones: the member search box takes a second row of the top bar (see TopBar.module.css). */
const SEARCH_ROW_HEIGHT = 46;
/** The skip link's target: the screen's content. */
export const CONTENT_ID = 'conteudo';

/** Moves the focus to the content without changing the route's URL. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById(CONTENT_ID);
  main?.focus();
  main?.scrollIntoView({ block: 'start' });
}

/** Spec 1 §2 / 3 §9: the side menu is 300 px wide. */
export const SIDE_MENU_WIDTH = 300;

/** Main layout: environment banner, top bar, side menu, and the current screen. */
export default function MainLayout() {
  const session = useCurrentSession();
  const [navOpened, nav] = useDisclosure(false);
  const bannerHeight = hasEnvBanner(session.envMode) ? ENV_BANNER_HEIGHT : 0;
  const mobileBarHeight = TOP_BAR_HEIGHT + (useHasRole('v2search') ? SEARCH_ROW_HEIGHT : 0);
  // A portal member's only screen is '/' (spec 3 §2.1): no side menu, the portal takes the whole width.
  const withMenu = homeFor(useRoles()) !== 'portal';

  return (
    <RealtimeProvider envMode={session.envMode}>
      <JobsProvider>
        {/* The first focusable element of every screen (WCAG 2.4.1). */}
        <a href={`#${CONTENT_ID}`} className={classes.skipLink} onClick={skipToContent}>
          Pular para o conteúdo
        </a>
        <AppShell
          header={{ height: { base: mobileBarHeight + bannerHeight, sm: TOP_BAR_HEIGHT + bannerHeight } }}
          navbar={withMenu ? { width: SIDE_MENU_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } } : undefined}
          padding="lg"
          bg="gray.0"
        >
          <AppShell.Header>
            <EnvBanner envMode={session.envMode} />
            <div
              className={classes.topBar}
              style={{ '--top-bar-height': `${TOP_BAR_HEIGHT}px`, '--top-bar-height-mobile': `${mobileBarHeight}px` } as CSSProperties}
            >
              <TopBar navOpened={navOpened} onToggleNav={withMenu ? nav.toggle : undefined} />
            </div>
          </AppShell.Header>
          {withMenu && (
            <AppShell.Navbar aria-label="Menu principal">
              <Suspense fallback={null}>
                <SideMenu onNavigate={nav.close} />
              </Suspense>
            </AppShell.Navbar>
          )}
          <AppShell.Main id={CONTENT_ID} tabIndex={-1} className={classes.main}>
            <Suspense fallback={<SectionLoader />}>
              <Outlet />
            </Suspense>
          </AppShell.Main>
        </AppShell>
      </JobsProvider>
    </RealtimeProvider>
  );
}
