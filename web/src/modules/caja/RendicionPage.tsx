import { ArrowLeftOutlined, ClearOutlined, DownloadOutlined, PlusOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { CAJ, CAJA_MSG, RENDICION_MSG, type CajaDetalle, type RendicionLineaRevisada, type RendicionReply } from '@obra/domain';
import { Alert, App, Button, Card, Flex, Progress, Result, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { StatusTag } from '../../ui/StatusTag';
import { toast } from '../../base/toast';
import { useLeaveGuard } from '../../ui/useLeaveGuard';
import { XLSX_ACCEPT } from '../../ui/useXlsxFile';
import { cajaKeys, useCaja, useCajaDatos, useRendicionxCaja, type CajaDatosCarga } from './api';
import { useCajaAcciones } from './CajaAcciones';
import { CajaCierreAviso } from './CajaCierreAviso';
import { RendicionGrid } from './RendicionGrid';
import { RendicionPdf } from './RendicionPdf';
import { RendicionTotales } from './RendicionTotales';
import { descargarPlantilla, lineasDeError, useCargarArchivo, useRegistrarRendicion } from './rendicion-api';
import { CAMPOS, filaDeLinea, filaVacia, lineaDeFila, revisarFilas, vidaCaja, type Campo, type Fila } from './rendicion-filas';

/** The spreadsheet of Cargar Masivo: at most 5 MB, as the server's other loads. */
const XLSX_MAX_BYTES = 5 * 1024 * 1024;

/** /rendicion/new/:id/:codigo (spec 2 §2 "Settlement screen"): titled 'Rendición | {code}'. */
export function RendicionPage() {
  const { id, codigo } = useParams();
  const navigate = useNavigate();
  const cajId = id && /^\d+$/.test(id) && Number(id) > 0 ? Number(id) : null;
  const caja = useCaja(cajId);
  const documentos = useRendicionxCaja(cajId);
  const datos = useCajaDatos();
  const title = `Rendición | ${caja.data?.caj_codigo ?? codigo ?? ''}`;

  if (cajId === null || caja.isError || documentos.isError) {
    return (
      <>
        <PageHeader title={title} />
        <Result status="warning" title={CAJA_MSG.notFound} extra={<Button onClick={() => void navigate('/caja')}>Regresar</Button>} />
      </>
    );
  }
  if (!caja.data || !documentos.data || !datos.data) return <PageHeader title={title} />;
  return <RendicionEditor key={cajId} caja={caja.data} documentos={documentos.data} datos={datos.data} />;
}

interface EditorProps {
  caja: CajaDetalle;
  documentos: RendicionReply;
  datos: CajaDatosCarga;
}

function RendicionEditor({ caja, documentos, datos }: EditorProps) {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [filas, setFilas] = useState<Fila[]>(() => documentos.lista_rendicion_detalle.map((l) => filaDeLinea(l)));
  const [editado, setEditado] = useState(false);
  const [enfocar, setEnfocar] = useState<string | null>(null);
  useLeaveGuard(editado);
  const registrar = useRegistrarRendicion(caja.caj_id);
  const acciones = useCajaAcciones();
  const cargar = useCargarArchivo(caja.caj_id);

  // Registering is allowed while the flag says so (the requester, in CDP or RDE); RAP locks everything.
  const editable = caja.caj_opciones.agregar_rendicion;
  const ctx = useMemo(() => ({ ...datos, ...vidaCaja(caja.caj_fecha_registro) }), [datos, caja.caj_fecha_registro]);
  const revisiones = useMemo(() => revisarFilas(filas, ctx), [filas, ctx]);

  const cambiar = (next: (prev: Fila[]) => Fila[]) => {
    setFilas(next);
    setEditado(true);
  };
  // A changed row drops the server's reasons: the grid's own checks speak for it until the next register.
  const editar = (key: string, patch: Partial<Fila>) => cambiar((prev) => prev.map((f) => (f.key === key ? { ...f, ...patch, erroresServidor: [] } : f)));
  const tocar = (key: string, campo: Campo) =>
    setFilas((prev) => prev.map((f) => (f.key !== key || f.tocados === 'todos' || f.tocados.includes(campo) ? f : { ...f, tocados: [...f.tocados, campo] })));
  const agregar = () => {
    const nueva = filaVacia();
    setEnfocar(nueva.key);
    cambiar((prev) => [...prev, nueva]);
  };
  /** Lines from the server go after the rows typed; a lone untouched empty row gives way to them. */
  const anexar = (lineas: RendicionLineaRevisada[]) =>
    cambiar((prev) => {
      const vacia = (f: Fila) => CAMPOS.every((c) => !f[c].trim());
      return [...(prev.length === 1 && vacia(prev[0]) ? [] : prev), ...lineas.map((l) => filaDeLinea(l))];
    });

  const borrarTodo = () =>
    modal.confirm({
      title: '¿Está seguro de borrar todos los documentos?',
      content: 'Se quitan de la grilla; la rendición guardada cambia al registrar los documentos.',
      okText: 'Borrar todo',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      autoFocusButton: 'cancel',
      onOk: () => cambiar(() => []),
    });

  const cargarMasivo = (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) toast.error(RENDICION_MSG.archivoTipo);
    else if (file.size > XLSX_MAX_BYTES) toast.error('El archivo no debe superar 5 MB');
    else {
      cargar.mutate(file, {
        onSuccess: (reply) => {
          anexar(reply.data);
          toast.success(reply.message);
        },
        // The shell toasts the message; the rows come in flagged so they can be fixed here.
        onError: (error) => {
          const lineas = lineasDeError(error);
          if (lineas) anexar(lineas);
        },
      });
    }
    return Upload.LIST_IGNORE;
  };

  const registrarDocumentos = () => {
    if (filas.length === 0) {
      toast.error(RENDICION_MSG.sinLineas);
      return;
    }
    const enviadas = filas;
    registrar.mutate(enviadas.map(lineaDeFila), {
      onSuccess: (reply) => {
        toast.success(reply.message);
        const guardada = queryClient.getQueryData<RendicionReply>(cajaKeys.rendicion(caja.caj_id));
        setFilas((guardada?.lista_rendicion_detalle ?? []).map((l) => filaDeLinea(l)));
        setEditado(false);
      },
      // Spec 2 §7 "Handling of replies": a reply with data is the lines flagged; the rows take their flags.
      onError: (error) => {
        const lineas = lineasDeError(error);
        setFilas((prev) => (lineas && lineas.length === enviadas.length
          ? lineas.map((l, i) => filaDeLinea(l, enviadas[i].key))
          : prev.map((f) => ({ ...f, tocados: 'todos' as const }))));
      },
    });
  };

  const descargar = () => void descargarPlantilla().catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
  const simbolo = caja.mon_simbolo;

  return (
    <>
      <PageHeader title={`Rendición | ${caja.caj_codigo}`} />
      <Flex vertical gap={12}>
        <Flex gap={24} wrap align="center">
          <Typography.Text strong>{caja.caj_titulo}</Typography.Text>
          <StatusTag text={caja.est_descripcion} color={caja.est_styles} />
          <Typography.Text>{`Centro de costo: ${caja.cec_codigo} - ${caja.cec_descripcion}`}</Typography.Text>
          <Typography.Text>{`Solicitante: ${caja.usu_solicitante_nombre}`}</Typography.Text>
          <Typography.Text type="secondary">{`Fechas de documentos: ${ctx.desde.split('-').reverse().join('/')} a ${ctx.hasta.split('-').reverse().join('/')}`}</Typography.Text>
        </Flex>
        {caja.est_id === CAJ.RENDICION_APROBADA && <Alert type="info" showIcon title={CAJA_MSG.pdfBloqueado} />}
        <CajaCierreAviso caja={caja} rendicion={documentos} onAccion={(a) => acciones.ejecutar(a, caja)} />
        <Card size="small">
          <Flex vertical gap={12}>
            {/* The spec's buttons in its order, from the left: the toasts (top right) never cover them. */}
            <Flex gap={8} wrap>
              {editable && (
                <>
                  <Button icon={<PlusOutlined />} onClick={agregar}>Agregar</Button>
                  <Upload accept={XLSX_ACCEPT} beforeUpload={cargarMasivo} showUploadList={false} maxCount={1} disabled={cargar.percent !== null}>
                    <Button icon={<UploadOutlined />} loading={cargar.percent !== null}>Cargar Masivo</Button>
                  </Upload>
                  <Button icon={<ClearOutlined />} danger disabled={filas.length === 0} onClick={borrarTodo}>Borrar todo</Button>
                  <Button type="primary" icon={<SaveOutlined />} loading={registrar.isPending} onClick={registrarDocumentos}>
                    Registrar Documentos
                  </Button>
                </>
              )}
              <Button icon={<DownloadOutlined />} onClick={descargar}>Descargar Plantilla</Button>
              <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(`/caja/view/${caja.caj_id}`)}>Regresar</Button>
            </Flex>
            {cargar.percent !== null && <Progress percent={cargar.percent} size="small" status="active" aria-label="Progreso de carga del archivo" />}
            <RendicionGrid
              filas={filas} revisiones={revisiones} ctx={ctx} simbolo={simbolo} editable={editable} enfocar={enfocar}
              onEditar={editar} onTocar={tocar} onQuitar={(key) => cambiar((prev) => prev.filter((f) => f.key !== key))} onAgregar={agregar}
            />
            <Flex justify="space-between" align="flex-start" gap={24} wrap>
              {editable || caja.caj_url_pdf ? <RendicionPdf caja={caja} editable={editable} /> : <span />}
              <RendicionTotales monto={caja.caj_monto} simbolo={simbolo} importes={revisiones.flatMap((r) => (r.importe ? [r.importe] : []))} cierre={caja.cierre} />
            </Flex>
          </Flex>
        </Card>
      </Flex>
      {acciones.popups}
    </>
  );
}
