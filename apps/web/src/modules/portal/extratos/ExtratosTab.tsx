import { UnderConstructionText } from '../../ui/components/UnderConstruction';

/** Not built yet (issue 28). */
export default function Tab() {
  return <UnderConstructionText />;
}
