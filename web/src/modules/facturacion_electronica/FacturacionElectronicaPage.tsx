import { SaveOutlined } from '@ant-design/icons';
import { EmisorGuardar, FE_MSG, isReadOnly, type CpeCanal, type EmisorVista } from '@obra/domain';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useRoleIds } from '../../base/session';
import { checkForm, clearMarksOnChange } from '../../ui/checkForm';
import { PageHeader, PageHeaderSinDatos } from '../../ui/PageHeader';
import { toast } from '../../base/toast';
import { useLeaveGuard } from '../../ui/useLeaveGuard';
import { pruebaEnCurso, useEmisor, useGuardarEmisor, useProbarConexion } from './api';
import { CanalEnvioCard } from './CanalEnvioCard';
import { CertificadoCard } from './CertificadoCard';

const TITLE = 'Facturación electrónica';
/** How long the screen waits for a connection test's result. */
const PRUEBA_MAX_MS = 60_000;

type Valores = EmisorGuardar['emisor'];

/** The address each channel cannot send without. */
const URL_DEL_CANAL: Partial<Record<CpeCanal, 'emi_ose_url' | 'emi_nubefact_url'>> = { ose: 'emi_ose_url', nubefact: 'emi_nubefact_url' };

/** The stored settings as the form edits them; secrets start blank (blank keeps the stored one). */
const valores = (e: EmisorVista): Valores => ({
  emi_ruc: e.emi_ruc, emi_razon_social: e.emi_razon_social, emi_nombre_comercial: e.emi_nombre_comercial, emi_direccion: e.emi_direccion,
  emi_ubigeo: e.emi_ubigeo, emi_establecimiento: e.emi_establecimiento, emi_serie_factura: e.emi_serie_factura,
  emi_serie_boleta: e.emi_serie_boleta, emi_serie_guia: e.emi_serie_guia, emi_serie_nc_factura: e.emi_serie_nc_factura,
  emi_serie_nc_boleta: e.emi_serie_nc_boleta, emi_serie_nd_factura: e.emi_serie_nd_factura, emi_serie_nd_boleta: e.emi_serie_nd_boleta, emi_canal: e.emi_canal, emi_ose_url: e.emi_ose_url ?? '',
  emi_ose_consulta_url: e.emi_ose_consulta_url ?? '', emi_nubefact_url: e.emi_nubefact_url ?? '', emi_nubefact_token: '',
  emi_sol_usuario: e.emi_sol_usuario ?? '', emi_sol_clave: '', emi_plazo_dias: e.emi_plazo_dias, emi_version: e.emi_version,
  emi_gre_client_id: e.emi_gre_client_id ?? '', emi_gre_client_secret: '', emi_gre_url: e.emi_gre_url ?? '', emi_gre_token_url: e.emi_gre_token_url ?? '',
});

/** Series are written in capitals. Digit fields keep what was typed: a wrong character gets the check's message, it is never dropped. */
const mayusculas = (e: { target: { value: string } }) => e.target.value.toUpperCase();

function EmisorCard({ emisor, ubigeo, readOnly }: { emisor: EmisorVista; ubigeo: string | undefined; readOnly: boolean }) {
  // The district's name is the stored code's: a code being typed has none yet.
  const distrito = ubigeo === emisor.emi_ubigeo ? emisor.ubi_nombre : null;
  return (
    <Card size="small" title="Emisor">
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="emi_ruc" label="RUC" required={!readOnly}>
            <Input maxLength={11} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={16}>
          <Form.Item name="emi_razon_social" label="Razón social" required={!readOnly}>
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="emi_nombre_comercial" label="Nombre comercial">
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="emi_direccion" label="Dirección fiscal" required={!readOnly}>
            <Input maxLength={300} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="emi_ubigeo" label="Ubigeo" required={!readOnly} extra={distrito}>
            <Input maxLength={6} inputMode="numeric" placeholder="150101" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="emi_establecimiento" label="Código de establecimiento" extra="0000: el domicilio fiscal">
            <Input maxLength={4} inputMode="numeric" placeholder="0000" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}

function SeriesCard({ readOnly }: { readOnly: boolean }) {
  const serie = (name: keyof Valores, label: string, ejemplo: string) => (
    <Col span={8}>
      <Form.Item name={name} label={label} required={!readOnly} getValueFromEvent={mayusculas}>
        <Input maxLength={4} placeholder={ejemplo} autoComplete="off" />
      </Form.Item>
    </Col>
  );
  return (
    <Card size="small" title="Series">
      <Row gutter={16}>
        {serie('emi_serie_factura', 'Factura', 'F001')}
        {serie('emi_serie_boleta', 'Boleta', 'B001')}
        {serie('emi_serie_guia', 'Guía de remisión', 'T001')}
        {serie('emi_serie_nc_factura', 'Nota de crédito de factura', 'FC01')}
        {serie('emi_serie_nc_boleta', 'Nota de crédito de boleta', 'BC01')}
        {serie('emi_serie_nd_factura', 'Nota de débito de factura', 'FD01')}
        {serie('emi_serie_nd_boleta', 'Nota de débito de boleta', 'BD01')}
      </Row>
    </Card>
  );
}

/**
 * 'Facturación electrónica' (/facturacionElectronica, issue 22): who issues the e-vouchers, their
 * series, the channel that sends them with its credentials (secrets are never shown: blank keeps
 * them), 'Probar conexión' and the signing certificate. Read-only for VISUALIZADOR.
 */
export function FacturacionElectronicaPage() {
  const readOnly = isReadOnly({ roleIds: useRoleIds() });
  const [agotada, setAgotada] = useState(false);
  const emisor = useEmisor(agotada);
  const enCurso = pruebaEnCurso(emisor.data?.prueba);
  // A test started here or by another administrator: its result is awaited for a minute at most.
  useEffect(() => {
    if (!enCurso) return;
    const limite = setTimeout(() => setAgotada(true), PRUEBA_MAX_MS);
    return () => clearTimeout(limite);
  }, [enCurso]);

  if (!emisor.data) return <PageHeaderSinDatos title={TITLE} error={emisor.error} />;
  return <EmisorForm emisor={emisor.data} readOnly={readOnly} probando={enCurso && !agotada} agotada={agotada} onPrueba={() => setAgotada(false)} />;
}

interface FormProps {
  emisor: EmisorVista;
  readOnly: boolean;
  probando: boolean;
  agotada: boolean;
  onPrueba: () => void;
}

function EmisorForm({ emisor, readOnly, probando, agotada, onPrueba }: FormProps) {
  const [form] = Form.useForm<Valores>();
  const [cambios, setCambios] = useState(false);
  const release = useLeaveGuard(cambios);
  const guardar = useGuardarEmisor();
  const probar = useProbarConexion();
  const clearMarks = clearMarksOnChange(form);
  const ubigeo = Form.useWatch('emi_ubigeo', form);

  const enviar = () => {
    const body = checkForm(EmisorGuardar, { emisor: form.getFieldsValue(true) as Valores }, form, ['emisor']);
    if (!body) return;
    // The channel's address is required by the channel, which the schema leaves to the server: asked here first.
    const falta = URL_DEL_CANAL[body.emisor.emi_canal];
    if (falta && !body.emisor[falta]) {
      toast.error(FE_MSG.url);
      form.setFields([{ name: falta, errors: [FE_MSG.url] }]);
      return;
    }
    guardar.mutate(body.emisor, {
      onSuccess: (r) => {
        toast.success(r.message);
        release();
        setCambios(false);
        // The form goes on from what was stored: its new version, the secrets blank again.
        form.setFieldsValue(valores(r.data));
      },
    });
  };

  const iniciarPrueba = () => {
    onPrueba();
    // The card shows the test running and then its result: no toast over Guardar meanwhile.
    probar.mutate();
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
      <Flex vertical gap={16}>
        {emisor.falta && (
          <Alert type="warning" showIcon title={`${emisor.falta}: los comprobantes quedan por enviar hasta completar la configuración.`} />
        )}
        {emisor.falta_guias && (
          <Alert type="warning" showIcon title={`${emisor.falta_guias}: las guías de remisión no se pueden emitir hasta completar la configuración.`} />
        )}
        {readOnly && <Typography.Text type="secondary">Solo lectura: su rol puede ver la configuración, no cambiarla.</Typography.Text>}
        <Form<Valores>
          form={form}
          layout="vertical"
          disabled={readOnly}
          initialValues={valores(emisor)}
          onValuesChange={(changed: Partial<Valores>) => {
            setCambios(true);
            clearMarks(changed);
          }}
        >
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={13}>
              <Flex vertical gap={16}>
                <EmisorCard emisor={emisor} ubigeo={ubigeo} readOnly={readOnly} />
                <SeriesCard readOnly={readOnly} />
              </Flex>
            </Col>
            <Col xs={24} lg={11}>
              <Flex vertical gap={16}>
                <CanalEnvioCard
                  form={form}
                  emisor={emisor}
                  readOnly={readOnly}
                  cambios={cambios}
                  probando={probando || probar.isPending}
                  agotada={agotada}
                  onProbar={iniciarPrueba}
                />
                <CertificadoCard
                  certificado={emisor.certificado}
                  readOnly={readOnly}
                  // The upload advanced the settings' version: the form's changes stay and save against it.
                  onCargado={(e) => form.setFieldValue('emi_version', e.emi_version)}
                />
              </Flex>
            </Col>
          </Row>
        </Form>
      </Flex>
    </>
  );
}
