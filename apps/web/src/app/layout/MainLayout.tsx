import { Suspense } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { SectionLoader } from '../../modules/ui/components/FullPageLoader';
import { JobsProvider } from '../../modules/jobs/hooks/JobsProvider';
import { RealtimeProvider } from '../../modules/realtime/RealtimeProvider';
import { useCurrentSession } from '../session/SessionContext';
import { ENV_BANNER_HEIGHT, EnvBanner, hasEnvBanner } from './EnvBanner';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

const TOP_BAR_HEIGHT = 60;
/** Spec 1 §2 / 3 §9: the side menu is 300 px wide. */
export const SIDE_MENU_WIDTH = 300;

/** Main layout: environment banner, top bar, side menu, and the current screen. */
export default function MainLayout() {
  const session = useCurrentSession();
  const [navOpened, nav] = useDisclosure(false);
  const bannerHeight = hasEnvBanner(session.envMode) ? ENV_BANNER_HEIGHT : 0;

  return (
    <RealtimeProvider envMode={session.envMode}>
    <JobsProvider>
    <AppShell
      header={{ height: TOP_BAR_HEIGHT + bannerHeight }}
      navbar={{ width: SIDE_MENU_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
      bg="gray.0"
    >
      <AppShell.Header>
        <EnvBanner envMode={session.envMode} />
        <div style={{ height: TOP_BAR_HEIGHT }}>
          <TopBar navOpened={navOpened} onToggleNav={nav.toggle} />
        </div>
      </AppShell.Header>
      <AppShell.Navbar aria-label="Menu principal">
        <SideMenu onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={<SectionLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
    </JobsProvider>
    </RealtimeProvider>
  );
}
