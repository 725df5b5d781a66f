import { TIPOS_EXISTENCIA, type CategoriaTipoExistenciaRow } from '@obra/domain';
import { Alert, Button, Modal, Select, Table, Tag } from 'antd';
import { toast } from '../../base/toast';
import { useCategoriasTipoExistencia, useModificarTipoExistencia } from './api';

const OPCIONES = TIPOS_EXISTENCIA.map((t) => ({ value: t.codigo, label: `${t.codigo} ${t.nombre}` }));

/**
 * Each category's 'Tipo de existencia (SUNAT tabla 5)' (issue 23): the PLE 12.1 book reports it for every product of
 * the category. A change is saved as it is chosen.
 */
export function TiposExistenciaModal({ onClose }: { onClose: () => void }) {
  const categorias = useCategoriasTipoExistencia();
  const modificar = useModificarTipoExistencia();

  // A refusal is toasted by the query cache; the select keeps showing the stored value.
  const cambiar = (c: CategoriaTipoExistenciaRow, codigo: string) =>
    modificar.mutateAsync({ categoria_producto: { cat_id: c.cat_id, cat_tipo_existencia: codigo } })
      .then((reply) => toast.success(reply.message), () => undefined);

  return (
    <Modal open title="Tipos de existencia SUNAT" width={640} onCancel={onClose} footer={<Button onClick={onClose}>Cerrar</Button>}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="El libro PLE 12.1 informa el tipo de existencia de cada producto según su categoría (tabla 5 de SUNAT)."
      />
      <Table<CategoriaTipoExistenciaRow>
        size="small"
        rowKey="cat_id"
        pagination={false}
        scroll={{ y: 420 }}
        loading={categorias.isFetching && !categorias.data}
        dataSource={categorias.data}
        columns={[
          {
            title: 'Categoría',
            dataIndex: 'cat_nombre',
            render: (nombre: string, c) => <>{nombre} {c.cat_estado !== 1 && <Tag>Inactiva</Tag>}</>,
          },
          {
            title: 'Tipo de existencia (SUNAT tabla 5)',
            width: 280,
            render: (_, c) => (
              <Select
                aria-label={`Tipo de existencia de ${c.cat_nombre}`}
                value={c.cat_tipo_existencia}
                options={OPCIONES}
                showSearch={{ optionFilterProp: 'label' }}
                disabled={modificar.isPending}
                onChange={(codigo) => void cambiar(c, codigo)}
                style={{ width: '100%' }}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
