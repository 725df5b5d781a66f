import { UnderConstructionPage } from '../home/UnderConstructionPage';

export function CentroCostoPage() {
  return <UnderConstructionPage />;
}
