import { MARCA_MSG, type MarcaRow } from '@obra/domain';
import { CatalogPage } from '../../ui/CatalogPage';
import { toast } from '../../base/toast';
import { useDeleteMarca, useMarcas } from './api';
import { MarcaPrompt } from './MarcaPrompt';

/** Spec 1 §2.7 /marca: brands, searched and paged on the server. */
export function MarcaPage() {
  const remove = useDeleteMarca();
  return (
    <CatalogPage<MarcaRow>
      title="Marcas"
      searchPlaceholder="Buscar marca"
      rowKey="id_marca"
      columns={[{ title: 'Marca', dataIndex: 'descripcion' }]}
      emptyText={MARCA_MSG.empty}
      useRows={useMarcas}
      exportar={{ ruta: '/marca/list', nombre: 'marcas' }}
      rowName={(m) => m.descripcion}
      confirmTitle={(m) => `¿Desea eliminar la marca ${m.descripcion}?`}
      onDelete={async (m) => void toast.success((await remove.mutateAsync(m.id_marca)).message)}
      renderAdd={(close) => <MarcaPrompt onClose={close} />}
    />
  );
}
