import { UnderConstructionPage } from '../home/UnderConstructionPage';

export function MarcaPage() {
  return <UnderConstructionPage />;
}
