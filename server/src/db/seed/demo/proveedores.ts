import { CuentaProveedorAdd, PAIS_PERU, ProveedorSave, cciBankProblem, type ProveedorSaveInput } from '@obra/domain';
import type { Tx } from '../../client.ts';
import * as t from '../../schema/index.ts';
import { BANCOS } from '../reference-data.ts';
import type { DemoContext } from './context.ts';

const PEN = 1;
const USD = 2;
const CORRIENTE = 1;
const AHORROS = 2;
const BCP = 1;
const INTERBANK = 2;
const CITIBANK = 3;
const SCOTIABANK = 4;
const BBVA = 5;
const BANBIF = 9;
const CHINA = 14;

type Account = [banco: number, moneda: number, tipo: number, cuenta: string, cci: string];
type Supplier = Omit<ProveedorSaveInput, 'id_proveedor' | 'version'> & { cuentas: Account[] };

/** Suppliers of a ready-mix concrete company: fictitious names, RUCs with a valid check digit. */
const SUPPLIERS: Supplier[] = [
  {
    ruc: '20553128472', razon_social: 'Cementos Andinos del Pacífico S.A.A.', direccion: 'Av. Atocongo 2440, Villa María del Triunfo, Lima',
    email: 'ventas@cementosandinos.com.pe', telefono: '(01) 217-6000', especialidad: 'Cemento Portland tipo I y HE a granel y en bolsas',
    es_critico: 1,
    cuentas: [[BCP, PEN, CORRIENTE, '191-2456789-0-54', '00219100245678905456'], [BBVA, USD, CORRIENTE, '0011-0174-01-00056789', '01117400010005678909']],
  },
  {
    ruc: '20602145736', razon_social: 'Canteras y Agregados Lurín S.A.C.', direccion: 'Carretera Antigua Panamericana Sur km 38.5, Lurín',
    email: 'despachos@agregadoslurin.pe', telefono: '(01) 430-1875', especialidad: 'Arena gruesa, piedra chancada de 1/2" y 3/4", hormigón',
    cuenta_detraccion: '00-005-148736', es_critico: 1,
    cuentas: [[INTERBANK, PEN, CORRIENTE, '200-3001234567', '00320000300123456731']],
  },
  {
    ruc: '20487215962', razon_social: 'Aditivos y Químicos para Concreto del Perú S.A.C.', direccion: 'Calle Los Plásticos 185, Urb. Industrial Vulcano, Ate',
    email: 'pedidos@aditivosconcreto.pe', telefono: '(01) 348-2210', especialidad: 'Aditivos plastificantes, superplastificantes y retardantes de fragua',
    es_critico: 1,
    cuentas: [[SCOTIABANK, PEN, CORRIENTE, '170-1234567', '00917000000123456724'], [BCP, USD, CORRIENTE, '193-9876543-1-19', '00219300987654301918']],
  },
  {
    ruc: '20510943768', razon_social: 'Grifos y Combustibles Panamericana Sur S.A.C.', direccion: 'Panamericana Sur km 29, Punta Hermosa',
    email: 'facturacion@grifospanasur.pe', telefono: '998 412 365', especialidad: 'Diésel B5 S-50 y lubricantes para flota',
    es_critico: 1,
    cuentas: [[BCP, PEN, CORRIENTE, '194-1122334-0-51', '00219400112233405191']],
  },
  {
    ruc: '20603872151', razon_social: 'Alquiler de Equipos Pesados Rímac S.A.C.', direccion: 'Av. Nicolás Ayllón 3650, Ate',
    email: 'alquileres@equiposrimac.pe', telefono: '(01) 356-7788', especialidad: 'Alquiler de bombas de concreto, cargadores frontales y minicargadores',
    cuenta_detraccion: '00-041-230587',
    cuentas: [[BBVA, PEN, CORRIENTE, '0011-0361-01-00098765', '01136100010009876539'], [INTERBANK, USD, CORRIENTE, '300-3009876541', '00330000300987654112']],
  },
  {
    ruc: '10428173657', razon_social: 'Quispe Mamani Teodoro', direccion: 'Jr. Los Cedros 214, Pachacámac',
    email: 'tquispe.transportes@gmail.com', telefono: '987 654 321', especialidad: 'Transporte de agregados en volquete',
    cuenta_detraccion: '00-091-482216',
    cuentas: [[BCP, PEN, AHORROS, '191-7788990-0-13', '00219100778899001358']],
  },
  {
    ruc: '20529064811', razon_social: 'Protección Industrial Segura S.A.C.', direccion: 'Av. Argentina 1755, Cercado de Lima',
    email: 'ventas@proteccionsegura.pe', telefono: '(01) 425-9031', especialidad: 'Equipos de protección personal: cascos, botas, guantes, respiradores',
    cuentas: [[SCOTIABANK, PEN, CORRIENTE, '220-7654321', '00922000000765432154']],
  },
  {
    ruc: '20604519382', razon_social: 'Ferretería Industrial Villa El Salvador E.I.R.L.', direccion: 'Parque Industrial Mz. D Lt. 12, Villa El Salvador',
    email: 'ferreteria.ves@gmail.com', telefono: '(01) 287-4410', especialidad: 'Ferretería, herramientas y materiales eléctricos',
    cuentas: [[BCP, PEN, CORRIENTE, '192-3344556-0-72', '00219200334455607236']],
  },
  {
    ruc: '20491837269', razon_social: 'Corporación Siderúrgica del Centro S.A.', direccion: 'Av. Néstor Gambetta 6429, Callao',
    email: 'comercial@sidercentro.com.pe', telefono: '(01) 517-2800', especialidad: 'Acero corrugado, alambre recocido y mallas electrosoldadas',
    cuentas: [[BBVA, PEN, CORRIENTE, '0011-0150-02-00012345', '01115000020001234501'], [INTERBANK, USD, CORRIENTE, '210-3005566778', '00321000300556677823']],
  },
  {
    ruc: '20605791426', razon_social: 'Repuestos y Servicios para Mixers S.A.C.', direccion: 'Av. Separadora Industrial 2180, Ate',
    email: 'taller@serviciosmixers.pe', telefono: '(01) 326-5090', especialidad: 'Repuestos y mantenimiento de camiones mixer y bombas',
    cuenta_detraccion: '00-068-337120',
    cuentas: [[BANBIF, PEN, CORRIENTE, '007000123456', '03810010700012345648']],
  },
  {
    ruc: '20546178391', razon_social: 'Laboratorio de Ensayos de Materiales Geocontrol S.A.C.', direccion: 'Calle Las Begonias 441, San Isidro',
    email: 'laboratorio@geocontrol.pe', telefono: '(01) 421-6655', especialidad: 'Ensayos de compresión de probetas y diseño de mezclas',
    cuenta_detraccion: '00-052-901344',
    cuentas: [[SCOTIABANK, PEN, CORRIENTE, '110-2233445', '00911000000223344582']],
  },
  {
    ruc: '20607123587', razon_social: 'Transportes y Logística Chilca S.A.C.', direccion: 'Av. Los Eucaliptos 120, Chilca, Cañete',
    email: 'operaciones@transchilca.pe', telefono: '945 118 207', especialidad: 'Transporte de cemento a granel en bombonas',
    cuenta_detraccion: '00-113-560078', es_activo: 0,
    cuentas: [[BCP, PEN, CORRIENTE, '215-4455667-0-81', '00221500445566708126'], [INTERBANK, PEN, AHORROS, '100-3002468024', '00310000300246802458']],
  },
  {
    ruc: '20473901529', razon_social: 'Zhengzhou Hengyuan Concrete Machinery Co., Ltd.', direccion: 'No. 88 Jingbei Road, Zhengzhou, Henan',
    email: 'export@hengyuan-machinery.cn', telefono: '+86 371 6789 2233', especialidad: 'Repuestos de planta dosificadora y mezcladores de doble eje',
    es_nacional: 0, id_pais: CHINA,
    cuentas: [[CITIBANK, USD, CORRIENTE, '0-123456-001', '00700000012345600137']],
  },
];

/** The accounts of the demo supplier with a portal user (RUC 20501234568), created by demo.ts. */
const DEMO_SUPPLIER_ACCOUNTS: Account[] = [[BBVA, PEN, CORRIENTE, '0011-0186-01-00034567', '01118600010003456746']];

function accountRows(pveId: number, cuentas: Account[]) {
  return cuentas.map(([id_banco, id_moneda, tipo_cuenta, cuenta, cci]) => {
    const a = CuentaProveedorAdd.parse({ id_proveedor: pveId, id_banco, id_moneda, tipo_cuenta, cuenta, cci });
    const problem = cciBankProblem(a.cci, BANCOS.find((b) => b.ban_id === id_banco)?.ban_codigo ?? '');
    if (problem) throw new Error(`${cci}: ${problem}`);
    return { pve_id: pveId, ban_id: a.id_banco, mon_id: a.id_moneda, tcu_id: a.tipo_cuenta, cpv_cuenta: a.cuenta, cpv_cci: a.cci };
  });
}

/** Demo suppliers and their bank accounts, checked by the same rules as the screen. */
export async function seedProveedores(tx: Tx, ctx: DemoContext): Promise<void> {
  await tx.insert(t.cuentaProveedor).values(accountRows(ctx.supplierId, DEMO_SUPPLIER_ACCOUNTS));
  for (const { cuentas, ...input } of SUPPLIERS) {
    const s = ProveedorSave.parse(input);
    const [row] = await tx.insert(t.proveedor).values({
      pve_ruc: s.ruc, pve_razon_social: s.razon_social, pve_direccion: s.direccion, pve_correo: s.email,
      pve_telefono: s.telefono, pve_especialidad: s.especialidad, pve_cuenta_detraccion: s.cuenta_detraccion,
      pve_es_activo: s.es_activo === 1, pve_es_critico: s.es_critico === 1, pve_es_nacional: s.es_nacional === 1,
      pai_id: s.es_nacional ? PAIS_PERU : s.id_pais,
    }).returning({ id: t.proveedor.pve_id });
    await tx.insert(t.cuentaProveedor).values(accountRows(row.id, cuentas));
  }
}
