import { Form, Select } from 'antd';
import { useState } from 'react';
import { projectOptions, useLookups } from '../../base/lookups';
import { toast } from '../../base/toast';
import { XlsxImportModal } from '../../ui/XlsxImportModal';
import { useRefreshEmpleados } from './api';

interface CargarEmpleadosModalProps {
  open: boolean;
  /** Preselected project (a project user's own). */
  defaultPryId: number | null;
  onClose: () => void;
}

/** Spec 2 §7 cargarArchivo: employees from the template spreadsheet into one project, all or nothing. */
export function CargarEmpleadosModal({ open, defaultPryId, onClose }: CargarEmpleadosModalProps) {
  const lookups = useLookups('proyectos');
  const refresh = useRefreshEmpleados();
  const [pryId, setPryId] = useState<number | null>(defaultPryId);
  const proyectos = projectOptions(lookups.data?.proyectos ?? []);

  return (
    <XlsxImportModal<{ cargados: number }>
      open={open}
      title="Cargar Empleados desde Archivo"
      onClose={onClose}
      templatePath="/empleado/plantilla"
      templateFileName="plantilla-empleados.xlsx"
      uploadPath="/empleado/cargarArchivo"
      fields={pryId === null ? {} : { pry_id: String(pryId) }}
      blockedReason={pryId === null ? 'Seleccione el proyecto de los empleados' : undefined}
      onLoaded={(reply) => {
        toast.success(reply.message);
        void refresh();
      }}
    >
      <Form layout="vertical" component="div">
        <Form.Item label="Proyecto" required htmlFor="carga-proyecto" style={{ marginBottom: 0 }}>
          <Select<number>
            id="carga-proyecto"
            value={pryId ?? undefined}
            onChange={(v) => setPryId(v ?? null)}
            options={proyectos}
            loading={lookups.isLoading}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Seleccione el proyecto"
          />
        </Form.Item>
      </Form>
    </XlsxImportModal>
  );
}
