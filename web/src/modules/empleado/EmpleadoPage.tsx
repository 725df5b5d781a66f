import { UnderConstructionPage } from '../home/UnderConstructionPage';

export function EmpleadoPage() {
  return <UnderConstructionPage />;
}
