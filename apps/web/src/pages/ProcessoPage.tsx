import { findRoute } from '@assoc/domain';
import { ProcessScreen } from '../modules/process/components/ProcessScreen';

/** /processo (spec 3 §2.13), also the home of a user without v2access, v2portal and v2menucch (3 §2.1). */
export default function ProcessoPage() {
  return <ProcessScreen title={findRoute('/processo')!.title} />;
}
