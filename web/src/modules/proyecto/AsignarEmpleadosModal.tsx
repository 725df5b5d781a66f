import type { EmpleadoAsignable, ProyectoRow } from '@obra/domain';
import { PRY_MSG } from '@obra/domain';
import { Alert, App, Button, Checkbox, Flex, Modal, Switch, type TableColumnsType } from 'antd';
import { DataTable } from '../../ui/DataTable';
import { SearchInput } from '../../ui/SearchInput';
import { toast } from '../../base/toast';
import { useListParams } from '../../ui/useListParams';
import { useAsignarEmpleados, useEmpleadosAsignables } from './api';
import { exportarComo, VALORES_SI_NO } from '../../ui/exportar';

interface AsignarEmpleadosModalProps {
  proyecto: ProyectoRow;
  onClose: () => void;
}

/**
 * Spec 2 "Projects screen": employees searched by name, 10 a page, each with a switch that
 * puts them in this project or takes them out of it, showing the project they are in now.
 */
export function AsignarEmpleadosModal({ proyecto, onClose }: AsignarEmpleadosModalProps) {
  const { modal } = App.useApp();
  const list = useListParams({ emp_nombre: '', solo_asignados: false });
  const empleados = useEmpleadosAsignables({ pry_id: proyecto.pry_id, ...list.filters, page: list.pageQuery });
  const asignar = useAsignarEmpleados();
  const activo = proyecto.pry_estado === 1;
  const sending = (empId: number) =>
    asignar.isPending && [...(asignar.variables?.asignar ?? []), ...(asignar.variables?.quitar ?? [])].includes(empId);

  const send = async (e: EmpleadoAsignable, on: boolean) => {
    const body = on ? { pry_id: proyecto.pry_id, asignar: [e.emp_id] } : { pry_id: proyecto.pry_id, quitar: [e.emp_id] };
    const saved = await asignar.mutateAsync(body).catch(() => null);
    if (saved) toast.success(saved.message);
  };

  const toggle = (e: EmpleadoAsignable, on: boolean) => {
    // Moving someone out of another project deserves a second look.
    if (on && e.pry_id !== null) {
      modal.confirm({
        title: `${e.emp_nombre_completo} está asignado a ${e.pry_nombre}`,
        content: `¿Desea moverlo al proyecto ${proyecto.pry_nombre}?`,
        okText: 'Mover',
        cancelText: 'Cancelar',
        onOk: () => send(e, true),
      });
      return;
    }
    void send(e, on);
  };

  const columns: TableColumnsType<EmpleadoAsignable> = [
    { title: 'Empleado', dataIndex: 'emp_nombre_completo' },
    { title: 'DNI', dataIndex: 'emp_dni', width: 110 },
    { title: 'Puesto', dataIndex: 'pue_nombre' },
    { title: 'Proyecto actual', dataIndex: 'pry_nombre', render: (nombre: string | null) => nombre ?? '-' },
    exportarComo({
      title: 'Asignado',
      key: 'asignado',
      width: 100,
      align: 'center',
      render: (_, e) => (
        <Switch
          aria-label={`Asignar a ${e.emp_nombre_completo}`}
          checked={e.asignado}
          disabled={!e.asignado && !activo}
          loading={sending(e.emp_id)}
          onChange={(on) => toggle(e, on)}
        />
      ),
    }, { campo: 'asignado', valores: VALORES_SI_NO }),
  ];

  return (
    <Modal
      open
      width={900}
      title={`Asignar empleados | ${proyecto.pry_nombre}`}
      onCancel={onClose}
      closable={false}
      mask={{ closable: false }}
      footer={<Button onClick={onClose}>Cerrar</Button>}
    >
      {!activo && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`${PRY_MSG.inactiveProject}: solo puede quitar empleados`} />}
      <Flex gap={16} align="center" wrap style={{ marginBottom: 12 }}>
        <SearchInput
          label="Buscar empleado"
          placeholder="Buscar empleado por nombre o DNI"
          onSearch={(emp_nombre) => list.setFilters({ emp_nombre })}
        />
        <Checkbox checked={list.filters.solo_asignados} onChange={(ev) => list.setFilters({ solo_asignados: ev.target.checked })}>
          Solo los asignados al proyecto
        </Checkbox>
      </Flex>
      <DataTable<EmpleadoAsignable>
        rowKey="emp_id"
        columns={columns}
        {...list.table(empleados)}
        emptyText="No se encontraron Empleados"
        exportar={{ ruta: '/proyecto/paginarEmpleadosAsignados', consulta: { empleado: { pry_id: proyecto.pry_id, ...list.filters } }, nombre: 'empleados-proyecto' }}
        exportarHoja={`Empleados ${proyecto.pry_nombre}`}
      />
    </Modal>
  );
}
