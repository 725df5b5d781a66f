import { UNIDAD_MSG, type UnidadRow } from '@obra/domain';
import { CatalogPage } from '../../ui/CatalogPage';
import { toast } from '../../base/toast';
import { useDeleteUnidad, useUnidades } from './api';
import { UnidadModal } from './UnidadModal';

/** Spec 1 §2.8 /unidad: units of measure, searched and paged on the server. */
export function UnidadPage() {
  const remove = useDeleteUnidad();
  return (
    <CatalogPage<UnidadRow>
      title="Unidades"
      searchPlaceholder="Buscar por símbolo o descripción"
      rowKey="id_unidad"
      columns={[
        { title: 'Símbolo', dataIndex: 'simbolo', width: 140 },
        { title: 'Descripción', dataIndex: 'descripcion' },
      ]}
      emptyText={UNIDAD_MSG.empty}
      useRows={useUnidades}
      exportar={{ ruta: '/unidad/list', nombre: 'unidades' }}
      rowName={(u) => u.simbolo}
      confirmTitle={(u) => `¿Desea eliminar la unidad ${u.simbolo} (${u.descripcion})?`}
      onDelete={async (u) => void toast.success((await remove.mutateAsync(u.id_unidad)).message)}
      renderAdd={(close) => <UnidadModal onClose={close} />}
    />
  );
}
