import { ApiOutlined } from '@ant-design/icons';
import { CPE_CANALES, CPE_CANAL_NOMBRE, type CpeCanal, type EmisorGuardar, type EmisorVista } from '@obra/domain';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Spin, Tooltip, type FormInstance } from 'antd';
import { NumberInput } from '../../ui/inputs';
import { formatDate } from '../../ui/format';
import { pruebaEnCurso } from './api';

type Valores = EmisorGuardar['emisor'];

const CANALES = CPE_CANALES.map((c) => ({ value: c, label: CPE_CANAL_NOMBRE[c] }));
/** A secret already stored: its field starts blank, and blank keeps it. */
const guardada = (tiene: boolean) => (tiene ? { placeholder: '•••••• (guardada)', extra: 'Deje en blanco para conservarla' } : {});

function ResultadoPrueba({ prueba, agotada }: { prueba: EmisorVista['prueba']; agotada: boolean }) {
  if (!prueba) return null;
  if (pruebaEnCurso(prueba)) {
    return agotada
      ? <Alert type="warning" showIcon title="La prueba de conexión no terminó en un minuto; vuelva a cargar la página más tarde para ver su resultado." />
      : (
        <Flex gap={8} align="center" role="status">
          <Spin size="small" />
          <span>Probando conexión…</span>
        </Flex>
      );
  }
  const cuando = prueba.fecha ? ` (${formatDate(prueba.fecha, true).slice(0, 16)})` : '';
  return prueba.estado === 'ok'
    ? <Alert type="success" showIcon title={`Última prueba: conexión correcta${cuando}`} description={prueba.mensaje} />
    : <Alert type="error" showIcon title={`Última prueba: no se pudo conectar${cuando}`} description={prueba.mensaje} />;
}

interface Props {
  form: FormInstance<Valores>;
  emisor: EmisorVista;
  readOnly: boolean;
  /** The form holds unsaved changes: the test checks what is stored, so it waits for Guardar. */
  cambios: boolean;
  probando: boolean;
  agotada: boolean;
  onProbar: () => void;
}

/**
 * 'Canal de envío': where the vouchers go and with which credentials, each channel with its own
 * fields (with SUNAT or an OSE, the GRE API's credentials for the sender guides; secrets never shown
 * back), SUNAT's deadline and 'Probar conexión' with its last result.
 */
export function CanalEnvioCard({ form, emisor, readOnly, cambios, probando, agotada, onProbar }: Props) {
  const canal = (Form.useWatch('emi_canal', form) ?? emisor.emi_canal) as CpeCanal;
  const sol = canal === 'sunat_beta' || canal === 'sunat_produccion' || canal === 'ose';

  const probar = (
    <Tooltip title={cambios ? 'Guarde los cambios antes de probar la conexión' : undefined}>
      <Button icon={<ApiOutlined />} loading={probando} disabled={cambios} onClick={onProbar}>
        Probar conexión
      </Button>
    </Tooltip>
  );

  return (
    <Card size="small" title="Canal de envío" extra={!readOnly && probar}>
      <Row gutter={16}>
        <Col span={16}>
          <Form.Item name="emi_canal" label="Canal" required={!readOnly}>
            <Select options={CANALES} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="emi_plazo_dias" label="Plazo de envío (días)" required={!readOnly}>
            <NumberInput valueType="number" inputMode="numeric" />
          </Form.Item>
        </Col>
        {canal === 'demo' && (
          <Col span={24}>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="Demostración: los comprobantes se firman con un certificado de prueba y no se envían a SUNAT"
            />
          </Col>
        )}
        {canal === 'ose' && (
          <>
            <Col span={24}>
              <Form.Item name="emi_ose_url" label="URL del servicio" required={!readOnly}>
                <Input maxLength={300} placeholder="https://" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="emi_ose_consulta_url" label="URL de consulta (opcional)">
                <Input maxLength={300} placeholder="https://" autoComplete="off" />
              </Form.Item>
            </Col>
          </>
        )}
        {sol && (
          <>
            <Col span={12}>
              <Form.Item name="emi_sol_usuario" label="Usuario SOL">
                <Input maxLength={30} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="emi_sol_clave" label="Clave SOL" extra={guardada(emisor.tiene_sol_clave).extra}>
                <Input.Password maxLength={100} autoComplete="new-password" placeholder={guardada(emisor.tiene_sol_clave).placeholder} />
              </Form.Item>
            </Col>
          </>
        )}
        {sol && (
          <>
            <Col span={24}>
              <Alert type="info" showIcon style={{ marginBottom: 16 }}
                title="Guías de remisión: se envían al API de guías de SUNAT (también con un OSE), con las credenciales que genera SOL en «Credenciales de API SUNAT»" />
            </Col>
            <Col span={12}>
              <Form.Item name="emi_gre_client_id" label="Client ID (guías)">
                <Input maxLength={100} autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="emi_gre_client_secret" label="Client secret (guías)" extra={guardada(emisor.tiene_gre_client_secret).extra}>
                <Input.Password maxLength={200} autoComplete="new-password" placeholder={guardada(emisor.tiene_gre_client_secret).placeholder} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="emi_gre_url" label="URL del API de guías (opcional)" extra={canal === 'sunat_beta' ? 'Requerida en beta: SUNAT no publica un API de guías de pruebas' : 'En blanco: la de SUNAT'}>
                <Input maxLength={300} placeholder="https://api-cpe.sunat.gob.pe/v1" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="emi_gre_token_url" label="URL del token de guías (opcional)" extra={canal === 'sunat_beta' ? 'Requerida en beta' : 'En blanco: la de SUNAT'}>
                <Input maxLength={300} placeholder="https://api-seguridad.sunat.gob.pe/v1" autoComplete="off" />
              </Form.Item>
            </Col>
          </>
        )}
        {canal === 'nubefact' && (
          <>
            <Col span={24}>
              <Form.Item name="emi_nubefact_url" label="Ruta" required={!readOnly}>
                <Input maxLength={300} placeholder="https://api.nubefact.com/api/v1/..." autoComplete="off" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="emi_nubefact_token" label="Token" extra={guardada(emisor.tiene_nubefact_token).extra}>
                <Input.Password maxLength={200} autoComplete="new-password" placeholder={guardada(emisor.tiene_nubefact_token).placeholder} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      <ResultadoPrueba prueba={emisor.prueba} agotada={agotada} />
    </Card>
  );
}
