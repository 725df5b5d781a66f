import { GlobalOutlined, SaveOutlined } from '@ant-design/icons';
import { AjusteGuardar, isReadOnly, type AjustesDatos } from '@obra/domain';
import { Alert, Button, Card, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useRoleIds } from '../../base/session';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { formatDate } from '../../ui/format';
import { PageHeader, PageHeaderSinDatos } from '../../ui/PageHeader';
import { toast } from '../../base/toast';
import { useLeaveGuard } from '../../ui/useLeaveGuard';
import { useAjustes, useGuardarAjustes } from './api';
import { ToleranciaCard } from './ToleranciaCard';

const TITLE = 'Ajustes';

interface Valores {
  direccion_publica: string;
}

/**
 * Administración → Ajustes (/ajustes, issue 24): the public address every mailed link starts with.
 * 'Usar la dirección actual' copies this browser's own address into the field; the administrator
 * then saves it. The server never takes it from a request. PUBLIC_URL, when set, wins: the field
 * is then shown read-only with the reason. Read-only for VISUALIZADOR.
 */
export function AjustesPage() {
  const ajustes = useAjustes();
  if (!ajustes.data) return <PageHeaderSinDatos title={TITLE} error={ajustes.error} />;
  return <AjustesForm datos={ajustes.data} />;
}

function AjustesForm({ datos }: { datos: AjustesDatos }) {
  const porEntorno = datos.origen === 'entorno';
  const soloConsulta = isReadOnly({ roleIds: useRoleIds() });
  const readOnly = soloConsulta || porEntorno;
  const [form] = Form.useForm<Valores>();
  const [cambios, setCambios] = useState(false);
  const release = useLeaveGuard(cambios);
  const guardar = useGuardarAjustes();
  const clearMarks = clearMarksOnChange(form);

  const usarActual = () => {
    form.setFieldsValue({ direccion_publica: window.location.origin });
    form.setFields([{ name: 'direccion_publica', errors: [] }]);
    setCambios(true);
  };

  const enviar = () => {
    const body = checkForm(AjusteGuardar, { ajuste: form.getFieldsValue(true) as Valores }, form, ['ajuste']);
    if (!body) return;
    guardar.mutate(body.ajuste, {
      onSuccess: (r) => {
        toast.success(r.message);
        release();
        setCambios(false);
        form.setFieldsValue({ direccion_publica: r.data.direccion_publica ?? '' });
      },
    });
  };

  return (
    <>
      <PageHeader
        title={TITLE}
        extra={!readOnly && (
          <Button type="primary" icon={<SaveOutlined />} loading={guardar.isPending} onClick={enviar}>
            Guardar
          </Button>
        )}
      />
      <Flex vertical gap={16} style={{ maxWidth: 820 }}>
        {datos.advertencia && <Alert type="warning" showIcon title={datos.advertencia} />}
        {soloConsulta && <Typography.Text type="secondary">Solo lectura: su rol puede ver los ajustes, no cambiarlos.</Typography.Text>}
        <Card size="small" title="Dirección pública">
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">
              La dirección con la que los usuarios abren Obra. Con ella empiezan los enlaces que el sistema envía por correo, como la
              confirmación de cuenta de los proveedores.
            </Typography.Text>
            {porEntorno && (
              <Alert
                type="info"
                showIcon
                title={`La variable PUBLIC_URL del servidor fija la dirección pública (${datos.direccion_efectiva}); este campo no la cambia.`}
              />
            )}
            <Form<Valores>
              form={form}
              layout="vertical"
              disabled={readOnly}
              initialValues={{ direccion_publica: porEntorno ? datos.direccion_efectiva : (datos.direccion_publica ?? '') }}
              onValuesChange={(changed: Partial<Valores>) => {
                setCambios(true);
                clearMarks(changed);
              }}
              onFinish={enviar}
            >
              <Form.Item
                label="Dirección pública"
                name="direccion_publica"
                required
                extra="Por ejemplo https://obra.andina.pe o http://192.168.1.20:3000: solo el nombre del servidor y el puerto, sin ruta."
                style={{ marginBottom: 8 }}
              >
                <Input placeholder="https://obra.andina.pe" inputMode="url" autoComplete="url" />
              </Form.Item>
              {!readOnly && (
                <Space wrap>
                  <Button icon={<GlobalOutlined />} onClick={usarActual}>
                    Usar la dirección actual
                  </Button>
                  <Typography.Text type="secondary">Copia la dirección con la que abrió esta página ({window.location.origin}); luego guarde.</Typography.Text>
                </Space>
              )}
            </Form>
            <Typography.Text type="secondary">
              {`Los enlaces se envían ahora con ${datos.direccion_efectiva}.`}
              {datos.aju_fecha && ` Guardada por ${datos.usuario ?? 'un usuario eliminado'} el ${formatDate(datos.aju_fecha, true)}.`}
            </Typography.Text>
          </Flex>
        </Card>
        <ToleranciaCard datos={datos} readOnly={soloConsulta} />
      </Flex>
    </>
  );
}
