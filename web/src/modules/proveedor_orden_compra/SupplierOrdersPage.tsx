import { ShopOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { PageHeader } from '../../ui/PageHeader';

/** The supplier portal's landing screen (spec 3); its list arrives with the portal issue. */
export function SupplierOrdersPage() {
  return (
    <>
      <PageHeader title="Mis Órdenes de Compra" />
      <Result icon={<ShopOutlined />} subTitle="El portal de proveedores estará disponible en una próxima versión." />
    </>
  );
}
