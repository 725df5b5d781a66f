import { UnderConstructionPage } from '../home/UnderConstructionPage';

export function UnidadPage() {
  return <UnderConstructionPage />;
}
