import { CrearCuenta, PASSWORD_RULE, PORTAL_MSG, type ProveedorDatosRuc } from '@obra/domain';
import { Alert, App, Button, Card, Col, Divider, Flex, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../base/toast';
import { useCrearCuenta, useObtenerDatosxRuc } from './api';
import { conAviso } from '../../base/aviso';
import { limite } from '../../ui/inputs';

interface UsuarioForm {
  usu_correo?: string;
  usu_dni?: string;
  usu_nombre?: string;
  usu_apellido?: string;
  usu_password?: string;
  usu_confirmed_password?: string;
}

/** The read-only company block (spec 3 §2): what the RUC search answered, masked where private. */
const EMPRESA: [keyof ProveedorDatosRuc, string][] = [
  ['pve_razon_social', 'Razón social'],
  ['pve_telefono', 'Teléfono'],
  ['pve_correo', 'Correo'],
  ['pve_direccion', 'Dirección'],
  ['pve_especialidad', 'Especialidad'],
  ['pve_cuenta_detraccion', 'Cuenta de detracción'],
];

/**
 * Spec 3 §2 "Supplier account creation" (/proveedor/crearCuenta, public; entering it ends any
 * session, app/guard.tsx): the RUC search fills the company block, the user block is checked with
 * the server's own schema (spec 3 §5 texts) and the account is created pending; the confirmation
 * link goes to the supplier's registered e-mail (DECISIONS §7). Success goes to /login/:email.
 */
export function CrearCuentaPage() {
  const navigate = useNavigate();
  const [ruc, setRuc] = useState('');
  const [proveedor, setProveedor] = useState<ProveedorDatosRuc | null>(null);
  const buscar = useObtenerDatosxRuc();
  const crear = useCrearCuenta();
  const { notification } = App.useApp();

  const onBuscar = (value: string) => {
    const texto = value.trim();
    if (!texto) {
      toast.error(PORTAL_MSG.rucFalta);
      return;
    }
    setProveedor(null);
    buscar.mutate(texto, { onSuccess: setProveedor });
  };

  const onFinish = (values: UsuarioForm) => {
    const parsed = CrearCuenta.safeParse({ proveedor: proveedor ? { pve_id: proveedor.pve_id } : undefined, usuario: values });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0].message);
      return;
    }
    crear.mutate(parsed.data, {
      onSuccess: (reply) => {
        // A refusal toasted a moment ago (a mismatch, a missing field) would stay beside the success.
        notification.destroy();
        void navigate(`/login/${encodeURIComponent(reply.data.usu_correo)}`, { replace: true, state: conAviso(reply.message) });
      },
    });
  };

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <Card style={{ width: 760, maxWidth: '100%' }}>
        <h1 style={{ margin: '0 0 4px', fontSize: 26, fontWeight: 600 }}>Crear cuenta de proveedor</h1>
        <p style={{ margin: '0 0 16px', color: 'rgba(0, 0, 0, 0.45)' }}>
          Busque su empresa por RUC y registre el usuario con el que ingresará al portal.
        </p>
        <Divider titlePlacement="start" style={{ marginTop: 0 }}>Datos de la empresa</Divider>
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label="RUC" htmlFor="pve_ruc">
            <Input.Search
              id="pve_ruc"
              aria-label="RUC"
              placeholder="11 dígitos"
              maxLength={11}
              inputMode="numeric"
              enterButton="Buscar"
              value={ruc}
              loading={buscar.isPending}
              onChange={(e) => {
                setRuc(e.target.value.replace(/\D/g, ''));
                // The block shown must be the one of the RUC in the box.
                setProveedor(null);
              }}
              onSearch={onBuscar}
              style={{ maxWidth: 320 }}
              autoFocus
            />
          </Form.Item>
          <Row gutter={16}>
            {EMPRESA.map(([campo, label]) => (
              <Col xs={24} sm={campo === 'pve_direccion' || campo === 'pve_especialidad' ? 24 : 12} key={campo}>
                <Form.Item label={label} htmlFor={campo}>
                  <Input id={campo} aria-label={label} value={proveedor?.[campo] ? String(proveedor[campo]) : ''} readOnly variant="filled" />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
        {proveedor && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`El enlace para activar la cuenta se enviará al correo registrado de la empresa (${proveedor.pve_correo}).`}
          />
        )}
        <Divider titlePlacement="start">Datos del usuario</Divider>
        <Form<UsuarioForm> layout="vertical" onFinish={onFinish} autoComplete="off">
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item label="Correo (usuario de ingreso)" name="usu_correo" required>
                <Input type="email" autoComplete="email" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="DNI" name="usu_dni" required>
                <Input maxLength={12} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Nombres" name="usu_nombre" required>
                <Input count={limite(100)} autoComplete="given-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Apellidos" name="usu_apellido" required>
                <Input count={limite(100)} autoComplete="family-name" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Contraseña" name="usu_password" required extra={PASSWORD_RULE}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item label="Confirmar contraseña" name="usu_confirmed_password" required>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
          </Row>
          <Flex justify="space-between" align="center" gap={16} wrap>
            <Link to="/login">Ya tengo una cuenta</Link>
            <Button type="primary" htmlType="submit" loading={crear.isPending}>
              Crear cuenta
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
