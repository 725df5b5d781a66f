import { CLIENTE_MSG, TDI, TID_BOLETA, TID_FACTURA, VENDEDOR_MSG, limaDate, type ClienteDireccionEnvio, type ClienteRapido, type Vendedor } from '@obra/domain';
import { Col, DatePicker, Divider, Flex, Form, Input, Row, Select, TimePicker, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { useClientesRapido, useDireccionesCliente, useVendedoresRapido, type OrdenVentaDatos } from './api';
import { OrdenVentaBuscador } from './OrdenVentaBuscador';
import { OrdenVentaLineas, type LineaForm } from './OrdenVentaLineas';
import { FECHA_FORMATOS } from '../../ui/format';
import { limite } from '../../ui/inputs';

export type ModoOrdenVenta = 'registrar' | 'modificar' | 'ver';

/** The popup's values; dates are pickers' values until the payload is built. */
export interface OrdenVentaValores {
  cli_id: number | null;
  cde_id: number | null;
  ven_id: number | null;
  tid_id: number | null;
  coc_id: number | null;
  ovt_nombre_contacto: string;
  ovt_documento_identidad_contacto: string;
  ovt_telefono_contacto: string;
  ovt_correo_contacto: string;
  ovt_observaciones: string;
  ovt_guia: string;
  ovt_fecha_entrega: Dayjs | null;
  ovt_hora_entrega: Dayjs | null;
  ovt_referencia_envio: string;
  ubi_id: string | null;
  lista_orden_venta_detalle: LineaForm[];
}

/** The client as the customer search shows it. */
export type ClienteElegido = Pick<ClienteRapido, 'cli_id' | 'cli_nombre' | 'cli_documento_identidad'> & Partial<ClienteRapido>;
export type VendedorElegido = Pick<Vendedor, 'ven_id' | 'ven_nombre'>;

/**
 * Register offers FACTURA (spec 3 §5 "Voucher types"), and BOLETA instead for a client without RUC, who
 * cannot get a factura (docs/business-rules.md "Sales orders"); view and modify BOLETA and FACTURA.
 */
const FACTURA = [{ value: TID_FACTURA, label: 'FACTURA' }];
const BOLETA = [{ value: TID_BOLETA, label: 'BOLETA' }];
const TIPOS = [...BOLETA, ...FACTURA];
const tiposRegistro = (c: ClienteElegido | null) => (c && c.tdi_id !== undefined && c.tdi_id !== TDI.RUC ? BOLETA : FACTURA);

/** Default delivery: 13:00 of tomorrow, Lima (spec 3 §5, §9). */
export function entregaPorDefecto(): { fecha: Dayjs; hora: Dayjs } {
  const manana = dayjs(limaDate()).add(1, 'day');
  return { fecha: manana, hora: manana.hour(13).minute(0).second(0) };
}

/** The contact prefilled from the client: a person's own document; a company's receiver gives theirs. */
export const contactoDe = (c: ClienteElegido) => ({
  ovt_nombre_contacto: c.cli_nombre_contacto ?? '',
  ovt_telefono_contacto: c.cli_telefono ?? '',
  ovt_correo_contacto: c.cli_correo ?? '',
  ovt_documento_identidad_contacto: c.tdi_id === TDI.RUC ? '' : c.cli_documento_identidad,
});

const clienteLabel = (c: ClienteElegido) => `${c.cli_documento_identidad} - ${c.cli_nombre}`;

interface CamposProps {
  modo: ModoOrdenVenta;
  form: FormInstance<OrdenVentaValores>;
  datos: OrdenVentaDatos;
  cliente: ClienteElegido | null;
  onCliente: (c: ClienteElegido | null) => void;
  vendedor: VendedorElegido | null;
  onVendedor: (v: VendedorElegido | null) => void;
  /** The order's address as saved, shown when it is no longer among the client's active ones. */
  direccionGuardada?: { cde_id: number; texto: string } | null;
  /** The 'Nuevo' client button beside the customer (register only, for who may register clients). */
  nuevoCliente?: ReactNode;
}

/**
 * The fields of the order popups (spec 3 §2 "Register order popup"): customer, receiving contact,
 * salesperson, delivery date and time, voucher type, payment condition, guide, observations, shipping
 * address (the client's), reference, district and the lines. The view popup shows them disabled.
 */
export function OrdenVentaCampos({ modo, form, datos, cliente, onCliente, vendedor, onVendedor, direccionGuardada, nuevoCliente }: CamposProps) {
  const ver = modo === 'ver';
  const cliId = Form.useWatch('cli_id', form) ?? null;
  const direcciones = useDireccionesCliente(ver ? null : cliId);
  const [hoy] = useState(() => dayjs(limaDate()));

  const elegirDireccion = (d: ClienteDireccionEnvio) =>
    form.setFieldsValue({ cde_id: d.cde_id, ovt_referencia_envio: d.cde_referencia, ubi_id: d.ubi_id });

  // A client with a single address has it chosen for them.
  const unica = direcciones.data?.length === 1 ? direcciones.data[0] : null;
  useEffect(() => {
    if (unica && !ver && !form.getFieldValue('cde_id')) elegirDireccion(unica);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the client's addresses arrive
  }, [unica?.cde_id]);

  const elegirCliente = (c: ClienteElegido | null) => {
    onCliente(c);
    form.setFieldsValue({
      cde_id: null, ovt_referencia_envio: '', ubi_id: null, ...(c ? contactoDe(c) : {}),
      ...(modo === 'registrar' ? { tid_id: tiposRegistro(c)[0].value } : {}),
    });
  };

  const direccionOptions = (direcciones.data ?? []).map((d) => ({ value: d.cde_id, label: `${d.cde_alias} - ${d.cde_direccion} (${d.ubi_nombre})` }));
  if (direccionGuardada && !direccionOptions.some((o) => o.value === direccionGuardada.cde_id)) {
    direccionOptions.unshift({ value: direccionGuardada.cde_id, label: direccionGuardada.texto });
  }
  const distritos = datos.distritos.map((d) => ({ value: d.ubi_id, label: `${d.ubi_nombre} (${d.ubi_provincia})` }));
  const condiciones = datos.condiciones_comerciales.map((c) => ({ value: c.coc_id, label: c.coc_descripcion }));

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Form.Item label="Cliente" htmlFor="ovt-cliente" required>
            <Flex gap={8}>
              <Form.Item name="cli_id" noStyle>
                <OrdenVentaBuscador<ClienteElegido>
                  id="ovt-cliente"
                  elegido={cliente}
                  useBuscar={useClientesRapido}
                  keyOf={(c) => c.cli_id}
                  labelOf={clienteLabel}
                  vacio={CLIENTE_MSG.emptySearch}
                  onElegir={elegirCliente}
                  placeholder="Buscar por DNI/RUC o nombre"
                  notFound="No se encontraron clientes"
                  disabled={modo !== 'registrar'}
                  style={{ flex: 1, minWidth: 0 }}
                />
              </Form.Item>
              {modo === 'registrar' && nuevoCliente}
            </Flex>
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={5}>
          <Form.Item name="ven_id" label="Vendedor">
            <OrdenVentaBuscador<VendedorElegido>
              elegido={vendedor}
              useBuscar={useVendedoresRapido}
              keyOf={(v) => v.ven_id}
              labelOf={(v) => v.ven_nombre}
              vacio={VENDEDOR_MSG.busquedaVacia}
              onElegir={onVendedor}
              placeholder="Buscar vendedor"
              notFound="No se encontraron vendedores"
              allowClear
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Form.Item name="tid_id" label="Comprobante" required>
            <Select options={modo === 'registrar' ? tiposRegistro(cliente) : TIPOS} placeholder="Seleccione" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} lg={4}>
          <Form.Item name="coc_id" label="Condición de pago" required>
            <Select options={condiciones} placeholder="Seleccione" popupMatchSelectWidth={false} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain style={{ margin: '0 0 12px' }}>Contacto que recibe</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12} lg={7}>
          <Form.Item name="ovt_nombre_contacto" label="Nombre de contacto" required>
            <Input count={limite(150)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} lg={4}>
          <Form.Item name="ovt_documento_identidad_contacto" label="Documento de contacto" required={modo === 'registrar'}>
            <Input maxLength={15} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6} lg={4}>
          <Form.Item name="ovt_telefono_contacto" label="Teléfono de contacto" required>
            <Input maxLength={30} autoComplete="off" inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={6}>
          <Form.Item name="ovt_correo_contacto" label="Correo de contacto" required>
            <Input count={limite(150)} autoComplete="off" inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={3}>
          <Form.Item name="ovt_guia" label="N° de guía">
            <Input maxLength={30} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain style={{ margin: '0 0 12px' }}>Entrega</Divider>
      <Row gutter={16}>
        <Col xs={24} lg={9}>
          <Form.Item name="cde_id" label="Dirección de envío" required>
            <Select
              options={direccionOptions}
              placeholder={cliId ? 'Seleccione una dirección del cliente' : 'Primero elija el cliente'}
              notFoundContent={cliId ? 'El cliente no tiene direcciones de envío' : 'Primero elija el cliente'}
              loading={direcciones.isFetching}
              onChange={(id: number) => {
                const d = direcciones.data?.find((x) => x.cde_id === id);
                if (d) elegirDireccion(d);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={6}>
          <Form.Item name="ovt_referencia_envio" label="Referencia" required>
            <Input count={limite(300)} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={4}>
          <Form.Item name="ubi_id" label="Distrito" required>
            <Select options={distritos} showSearch={{ optionFilterProp: 'label' }} placeholder="Seleccione" popupMatchSelectWidth={260} />
          </Form.Item>
        </Col>
        <Col xs={14} md={8} lg={3}>
          <Form.Item name="ovt_fecha_entrega" label="Fecha de entrega" required>
            <DatePicker format={FECHA_FORMATOS} placeholder="dd/mm/aaaa" style={{ width: '100%' }} disabledDate={(d) => d.isBefore(hoy, 'day')} />
          </Form.Item>
        </Col>
        <Col xs={10} md={4} lg={2}>
          <Form.Item name="ovt_hora_entrega" label="Hora" required>
            <TimePicker format="HH:mm" placeholder="hh:mm" needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="ovt_observaciones" label="Observaciones">
            <Input.TextArea count={limite(500)} autoSize={{ minRows: 1, maxRows: 3 }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain style={{ margin: '0 0 12px' }}>Productos</Divider>
      <Form.Item name="lista_orden_venta_detalle" noStyle>
        <OrdenVentaLineas readOnly={ver} />
      </Form.Item>
    </>
  );
}
