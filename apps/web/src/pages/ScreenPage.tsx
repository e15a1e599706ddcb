import { UnderConstruction } from '../modules/ui/components/UnderConstruction';

/** A screen of the route table whose feature lands in a later issue. */
export default function ScreenPage({ title }: { title: string }) {
  return <UnderConstruction title={title} />;
}
