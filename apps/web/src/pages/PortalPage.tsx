import { PortalScreen } from '../modules/portal/PortalScreen';

/** '/' for a portal member (spec 3 §2.1). */
export default function PortalPage() {
  return <PortalScreen />;
}
