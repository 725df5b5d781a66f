import { UnderConstructionPage } from '../home/UnderConstructionPage';

export function ProyectoPage() {
  return <UnderConstructionPage />;
}
