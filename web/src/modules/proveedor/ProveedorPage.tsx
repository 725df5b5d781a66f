import { UnderConstructionPage } from '../home/UnderConstructionPage';

export function ProveedorPage() {
  return <UnderConstructionPage />;
}
