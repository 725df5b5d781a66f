import { SaveOutlined } from '@ant-design/icons';
import type { AjustesDatos } from '@obra/domain';
import { Button, Card, Flex, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../../base/toast';
import { useGuardarTolerancia } from './api';

/** The three-way match's tolerance (issue 25): percent and/or soles; the stricter applies. */
export function ToleranciaCard({ datos, readOnly }: { datos: AjustesDatos; readOnly: boolean }) {
  const [porcentaje, setPorcentaje] = useState(datos.tolerancia.porcentaje ?? '');
  const [monto, setMonto] = useState(datos.tolerancia.monto ?? '');
  const guardar = useGuardarTolerancia();
  const enviar = () => guardar.mutate(
    { tolerancia_porcentaje: porcentaje.trim() || null, tolerancia_monto: monto.trim() || null },
    { onSuccess: (r) => toast.success(r.message) },
  );
  return (
    <Card size="small" title="Tolerancia de la conciliación de órdenes">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Diferencias entre lo pedido, lo recibido y lo facturado que superen esta tolerancia se marcan en la orden (solo como aviso).
          Con porcentaje y monto a la vez vale el más estricto.
        </Typography.Text>
        <Space wrap>
          <Input addonAfter="%" style={{ width: 160 }} aria-label="Tolerancia en porcentaje" value={porcentaje} disabled={readOnly}
            onChange={(e) => setPorcentaje(e.target.value)} placeholder="1" />
          <Input addonBefore="S/" style={{ width: 180 }} aria-label="Tolerancia en soles" value={monto} disabled={readOnly}
            onChange={(e) => setMonto(e.target.value)} placeholder="10.00" />
          {!readOnly && <Button icon={<SaveOutlined />} loading={guardar.isPending} onClick={enviar}>Guardar tolerancia</Button>}
        </Space>
        {datos.tolerancia.origen === 'predeterminada' && <Typography.Text type="secondary">Valor predeterminado: aún no se guardó una tolerancia.</Typography.Text>}
      </Flex>
    </Card>
  );
}
