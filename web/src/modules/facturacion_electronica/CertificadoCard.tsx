import { UploadOutlined } from '@ant-design/icons';
import { FE_MSG, type EmisorVista } from '@obra/domain';
import { Alert, Button, Card, Descriptions, Flex, Input, Progress, Typography, Upload, type DescriptionsProps } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../ui/format';
import { toast } from '../../base/toast';
import { useCargarCertificado } from './api';

const ACCEPT = '.pfx,.p12,application/x-pkcs12';
const EXTENSIONES = /\.(pfx|p12)$/i;

type Certificado = NonNullable<EmisorVista['certificado']>;

const dias = (n: number) => (n === 1 ? '1 día' : `${n} días`);

function datos(c: Certificado): DescriptionsProps['items'] {
  return [
    { key: 'sujeto', label: 'Titular', children: <Typography.Text style={{ wordBreak: 'break-all' }}>{c.sujeto || '-'}</Typography.Text> },
    { key: 'emisor', label: 'Emitido por', children: <Typography.Text style={{ wordBreak: 'break-all' }}>{c.emisor || '-'}</Typography.Text> },
    { key: 'serie', label: 'Serie', children: <Typography.Text style={{ wordBreak: 'break-all' }}>{c.serie || '-'}</Typography.Text> },
    { key: 'desde', label: 'Válido desde', children: formatDate(c.desde) },
    { key: 'hasta', label: 'Válido hasta', children: `${formatDate(c.hasta)}${c.vencido ? '' : ` (quedan ${dias(c.dias_restantes)})`}` },
  ];
}

function Avisos({ c }: { c: Certificado }) {
  return (
    <>
      {c.vencido && <Alert type="error" showIcon title={`El certificado venció el ${formatDate(c.hasta)}: SUNAT rechaza lo firmado con él. Cargue uno vigente.`} />}
      {!c.vencido && c.por_vencer && <Alert type="warning" showIcon title={`El certificado vence en ${dias(c.dias_restantes)}`} />}
      {c.prueba && <Alert type="warning" showIcon title="Certificado de prueba: no válido para SUNAT" />}
    </>
  );
}

/**
 * 'Certificado digital': the signing certificate in use (holder, issuer, validity, warnings) and,
 * for who may change the settings, a new .pfx/.p12 with its password, with upload progress.
 */
export function CertificadoCard({ certificado, readOnly, onCargado }: {
  certificado: EmisorVista['certificado'];
  readOnly: boolean;
  /** The settings after the upload: it advances their version. */
  onCargado: (emisor: EmisorVista) => void;
}) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const cargar = useCargarCertificado();

  const elegir = (file: File) => {
    if (EXTENSIONES.test(file.name)) setArchivo(file);
    else toast.error(FE_MSG.certificadoTipo);
    // The widget never uploads by itself.
    return false;
  };

  const subir = () => {
    if (!archivo) return void toast.error(FE_MSG.certificadoFalta);
    setPercent(0);
    cargar.mutateAsync({ file: archivo, password, onProgress: setPercent })
      .then((r) => {
        toast.success(r.message);
        setArchivo(null);
        setPassword('');
        onCargado(r.data);
      }, () => undefined)
      .finally(() => setPercent(null));
  };

  return (
    <Card size="small" title="Certificado digital">
      <Flex vertical gap={12}>
        {certificado ? (
          <>
            <Avisos c={certificado} />
            <Descriptions size="small" bordered column={1} items={datos(certificado)} styles={{ label: { whiteSpace: 'nowrap', width: 130 } }} aria-label="Certificado digital" />
          </>
        ) : (
          <Alert type="warning" showIcon title="No hay un certificado digital cargado" />
        )}
        {!readOnly && (
          <Flex vertical gap={8}>
            <Typography.Text strong>{certificado ? 'Reemplazar el certificado' : 'Cargar un certificado'}</Typography.Text>
            <Flex gap={8} wrap align="center">
              <Upload accept={ACCEPT} showUploadList={false} beforeUpload={elegir} disabled={percent !== null}>
                <Button icon={<UploadOutlined />}>Elegir archivo .pfx o .p12</Button>
              </Upload>
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>{archivo?.name ?? 'Ningún archivo elegido'}</Typography.Text>
            </Flex>
            <Flex gap={8} wrap>
              <Input.Password
                aria-label="Contraseña del certificado"
                placeholder="Contraseña del certificado"
                autoComplete="new-password"
                maxLength={200}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button type="primary" ghost loading={percent !== null} disabled={!archivo} onClick={subir}>
                Cargar certificado
              </Button>
            </Flex>
            {percent !== null && <Progress percent={percent} size="small" aria-label="Avance de la carga" />}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
