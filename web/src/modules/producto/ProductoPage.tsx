import { UnderConstructionPage } from '../home/UnderConstructionPage';

export function ProductoPage() {
  return <UnderConstructionPage />;
}
