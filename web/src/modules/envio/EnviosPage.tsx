import { IdcardOutlined } from '@ant-design/icons';
import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { useDatosDespacho } from './api';
import { EnvioConductoresModal } from './EnvioConductoresModal';
import { EnvioGuiaModal } from './EnvioGuiaModal';
import { EnvioListaTab } from './EnvioListaTab';
import { EnvioPedidosTab } from './EnvioPedidosTab';
import { EnvioProgramarModal } from './EnvioProgramarModal';
import { EnvioTimeline } from './EnvioTimeline';
import { EnvioViewModal } from './EnvioViewModal';
import { useVerParam } from '../../ui/useVerParam';

type Popup = { kind: 'ver'; envId: number } | { kind: 'guia'; envId: number; codigo: string } | { kind: 'reprogramar'; ovtId: number } | { kind: 'conductores' } | null;

/**
 * Spec 3 §2 "Dispatches" (/envios): tab 0 the sales orders to schedule, tab 1 the dispatches, tab 2
 * the day timeline per mixer; the view, guide and reschedule popups are shared by the tabs, and the
 * drivers' maintenance opens from the header.
 */
export function EnviosPage() {
  const datos = useDatosDespacho().data;
  // Inicio's work queue opens the dispatches tab (`?pendientes=hoy|atrasados`, issue 25).
  const [tab, setTab] = useState(() => (new URLSearchParams(globalThis.location?.search ?? '').get('pendientes') ? '1' : '0'));
  const [popup, setPopup] = useState<Popup>(null);
  useVerParam((envId) => setPopup({ kind: 'ver', envId }));
  const cerrar = () => setPopup(null);

  return (
    <>
      <div style={{ minHeight: 48 }}>
        <PageHeader title="Envíos" extra={<Button icon={<IdcardOutlined />} onClick={() => setPopup({ kind: 'conductores' })}>Conductores</Button>} />
      </div>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden={false}
        items={[
          { key: '0', label: 'Pedidos de venta', children: <EnvioPedidosTab datos={datos} /> },
          {
            key: '1', label: 'Envíos',
            children: (
              <EnvioListaTab datos={datos} onVer={(envId) => setPopup({ kind: 'ver', envId })} onGuia={(envId, codigo) => setPopup({ kind: 'guia', envId, codigo })}
                onReprogramar={(ovtId) => setPopup({ kind: 'reprogramar', ovtId })} />
            ),
          },
          { key: '2', label: 'Despachos x Mixers', children: <EnvioTimeline activo={tab === '2'} onVer={(envId) => setPopup({ kind: 'ver', envId })} /> },
        ]}
      />
      {popup?.kind === 'ver' && <EnvioViewModal envId={popup.envId} onClose={cerrar} />}
      {popup?.kind === 'guia' && <EnvioGuiaModal envId={popup.envId} codigo={popup.codigo} onClose={cerrar} />}
      {popup?.kind === 'reprogramar' && <EnvioProgramarModal ovtId={popup.ovtId} reprogramar onClose={cerrar} />}
      {popup?.kind === 'conductores' && <EnvioConductoresModal onClose={cerrar} />}
    </>
  );
}
