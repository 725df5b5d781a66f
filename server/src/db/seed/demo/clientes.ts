import { ClienteRegistrar, TDI, type ClienteRegistrar as ClienteInput } from '@obra/domain';
import type { Tx } from '../../client.ts';
import * as t from '../../schema/index.ts';
import type { DemoContext } from './context.ts';

type Cliente = ClienteInput['cliente'] & { cli_estado?: 0 | 1 };
type Direccion = [alias: string, direccion: string, referencia: string, ubiId: string];

const dir = ([cde_alias, cde_direccion, cde_referencia, ubi_id]: Direccion) => ({ cde_alias, cde_direccion, cde_referencia, ubi_id });

/**
 * Clients of a ready-mix concrete plant in Lima: builders and contractors with their works as
 * shipping addresses, a few persons building their homes, and one special client (a company of
 * the group, billed outside the e-voucher flow). Fictitious names; RUCs with a valid check digit.
 */
const CLIENTES: Cliente[] = [
  {
    tdi_id: TDI.RUC, cli_documento_identidad: '20548127361', cli_nombre: 'Constructora Los Andes del Pacífico S.A.C.',
    cli_nombre_contacto: 'Ing. Rosa Paredes Villanueva', cli_domicilio_fiscal: 'Av. Javier Prado Este 4200, Santiago de Surco',
    cli_correo: 'compras@losandespacifico.pe', cli_telefono: '(01) 372-1100',
    lista_cliente_direccion_envio: [
      dir(['Obra Residencial Monterrico', 'Av. Primavera 1450', 'Frente al C.C. Chacarilla', '150140']),
      dir(['Obra Torre San Isidro', 'Calle Las Begonias 730', 'A media cuadra de la Av. Rivera Navarrete', '150131']),
    ],
  },
  {
    tdi_id: TDI.RUC, cli_documento_identidad: '20603415290', cli_nombre: 'Inmobiliaria Miraflores Real Estate S.A.C.',
    cli_nombre_contacto: 'Arq. Diego Salinas Cornejo', cli_domicilio_fiscal: 'Av. José Larco 1150 Of. 702, Miraflores',
    cli_correo: 'obras@miraflores-re.pe', cli_telefono: '(01) 445-9020',
    lista_cliente_direccion_envio: [
      dir(['Edificio Alcanfores', 'Calle Alcanfores 455', 'Esquina con Calle Juan Fanning', '150122']),
      dir(['Edificio Barranco Mar', 'Av. Pedro de Osma 212', 'Frente al Museo de Osma', '150104']),
      dir(['Condominio Surquillo', 'Jr. Dante 980', 'A dos cuadras del Mercado N.° 1', '150141']),
    ],
  },
  {
    tdi_id: TDI.RUC, cli_documento_identidad: '20519076846', cli_nombre: 'Consorcio Vial Lima Norte',
    cli_nombre_contacto: 'Ing. Marco Antonio Huerta', cli_domicilio_fiscal: 'Av. Alfredo Mendiola 3540, Los Olivos',
    cli_correo: 'logistica@consorciovialnorte.pe', cli_telefono: '(01) 528-3366',
    lista_cliente_direccion_envio: [
      dir(['Puente Chillón', 'Panamericana Norte km 22.5', 'Acceso por la Av. Chillón, lado río', '150125']),
      dir(['Vía Expresa Comas', 'Av. Túpac Amaru cdra. 48', 'Frente al paradero Collique', '150110']),
    ],
  },
  {
    tdi_id: TDI.RUC, cli_documento_identidad: '20608723154', cli_nombre: 'Edificaciones y Proyectos Sur Chico S.A.C.',
    cli_nombre_contacto: 'Ing. Karen Mendoza Alarcón', cli_domicilio_fiscal: 'Av. Pachacútec 2210, Villa María del Triunfo',
    cli_correo: 'karen.mendoza@surchico.pe', cli_telefono: '987 221 450',
    lista_cliente_direccion_envio: [
      dir(['Condominio Lurín', 'Av. San Pedro 560', 'Altura del km 32 de la Panamericana Sur', '150119']),
      dir(['Almacén Villa El Salvador', 'Parque Industrial Mz. F Lt. 8', 'Costado de la Av. Separadora Industrial', '150142']),
    ],
  },
  {
    tdi_id: TDI.RUC, cli_documento_identidad: '20492618374', cli_nombre: 'Corporación Constructora Rímac S.A.',
    cli_nombre_contacto: 'Ing. Luis Ccahuana Quispe', cli_domicilio_fiscal: 'Jr. Trujillo 455, Rímac',
    cli_correo: 'suministros@ccrimac.com.pe', cli_telefono: '(01) 481-7722',
    lista_cliente_direccion_envio: [
      dir(['Hospital San Juan de Lurigancho', 'Av. Próceres de la Independencia 2800', 'Frente a la estación Los Jardines', '150132']),
    ],
  },
  {
    tdi_id: TDI.RUC, cli_documento_identidad: '20557309463', cli_nombre: 'Urbanizadora Las Lomas de La Molina S.A.C.',
    cli_nombre_contacto: 'Sra. Patricia Gamarra Ruiz', cli_domicilio_fiscal: 'Av. La Molina 1125, La Molina',
    cli_correo: 'pgamarra@lomasmolina.pe', cli_telefono: '(01) 349-5510',
    lista_cliente_direccion_envio: [
      dir(['Habilitación Las Lomas', 'Av. Los Fresnos 1890', 'Subiendo por la Av. Raúl Ferrero', '150114']),
      dir(['Club house Cieneguilla', 'Av. Nueva Toledo km 9', 'Entrada al Club Las Lomas', '150109']),
    ],
  },
  {
    tdi_id: TDI.RUC, cli_documento_identidad: '20601592836', cli_nombre: 'Pavimentos y Obras Callao E.I.R.L.',
    cli_nombre_contacto: 'Sr. Jorge Paz Ramírez', cli_domicilio_fiscal: 'Av. Elmer Faucett 3480, Callao',
    cli_correo: 'pavimentoscallao@gmail.com', cli_telefono: '945 330 118',
    lista_cliente_direccion_envio: [
      dir(['Losa Bellavista', 'Av. Guardia Chalaca 1820', 'Frente al Hospital Carrión', '070102']),
      dir(['Patio de contenedores Ventanilla', 'Av. Néstor Gambetta km 14', 'Costado del grifo Primax', '070106']),
    ],
  },
  {
    tdi_id: TDI.RUC, cli_documento_identidad: '20523684176', cli_nombre: 'Ingenieros Civiles Asociados Ate S.A.C.',
    cli_nombre_contacto: 'Ing. Walter Rojas Palomino', cli_domicilio_fiscal: 'Av. Nicolás Ayllón 4520, Ate',
    cli_correo: 'wrojas@icaate.pe', cli_telefono: '(01) 356-0042', cli_estado: 0,
    lista_cliente_direccion_envio: [
      dir(['Nave industrial Santa Anita', 'Av. Los Ruiseñores 660', 'A espaldas del Mercado Mayorista', '150137']),
    ],
  },
  {
    // A company of the group: its orders are settled internally, without an e-voucher (spec 3 §4).
    tdi_id: TDI.RUC, cli_documento_identidad: '20606147385', cli_nombre: 'Inmobiliaria Andina del Grupo S.A.C.',
    cli_nombre_contacto: 'Sr. Ernesto Valdivia Luna', cli_domicilio_fiscal: 'Av. Industrial 1250, Lurín',
    cli_correo: 'proyectos@inmobiliariaandina.pe', cli_telefono: '(01) 430-2200', cli_especial: 1,
    lista_cliente_direccion_envio: [
      dir(['Planta Lurín', 'Av. Industrial 1250', 'Ingreso por la garita 2', '150119']),
      dir(['Edificio Jesús María', 'Av. Salaverry 2345', 'Frente al Campo de Marte', '150113']),
    ],
  },
  {
    tdi_id: TDI.RUC, cli_documento_identidad: '10428159638', cli_nombre: 'Huamaní Flores Teófilo',
    cli_nombre_contacto: 'Teófilo Huamaní Flores', cli_domicilio_fiscal: 'Jr. Los Pinos 318, San Juan de Miraflores',
    cli_correo: 'thuamani.obras@gmail.com', cli_telefono: '956 781 204',
    lista_cliente_direccion_envio: [
      dir(['Obra Pamplona', 'Av. Defensores de Lima 1120', 'Frente al colegio Fe y Alegría', '150133']),
    ],
  },
  {
    tdi_id: TDI.DNI, cli_documento_identidad: '41827365', cli_nombre: 'María Elena Quispe Condori',
    cli_nombre_contacto: 'María Elena Quispe Condori', cli_domicilio_fiscal: 'Mz. K Lt. 14, AA.HH. Los Jardines, San Martín de Porres',
    cli_correo: 'mariaelena.quispe@hotmail.com', cli_telefono: '991 402 337',
    lista_cliente_direccion_envio: [
      dir(['Casa', 'Mz. K Lt. 14, AA.HH. Los Jardines', 'Techo de segundo piso; subir por la escalera lateral', '150135']),
    ],
  },
  {
    tdi_id: TDI.DNI, cli_documento_identidad: '09873412', cli_nombre: 'Carlos Alberto Vílchez Torres',
    cli_nombre_contacto: 'Carlos Vílchez', cli_domicilio_fiscal: 'Calle Los Geranios 245, Chorrillos',
    cli_correo: 'cvilchez@yahoo.com', cli_telefono: '998 114 520',
    lista_cliente_direccion_envio: [
      dir(['Casa de playa', 'Calle 4 Mz. B Lt. 7, Playa Arica', 'Entrada por el km 42 de la Panamericana Sur', '150119']),
      dir(['Vivienda Chorrillos', 'Calle Los Geranios 245', 'Cerca del Morro Solar', '150108']),
    ],
  },
  {
    tdi_id: TDI.CE, cli_documento_identidad: '001457823', cli_nombre: 'Andrés Felipe Restrepo Gómez',
    cli_nombre_contacto: 'Andrés Restrepo', cli_domicilio_fiscal: 'Av. Brasil 3120 Dpto. 501, Magdalena del Mar',
    cli_correo: 'andres.restrepo@outlook.com', cli_telefono: '+51 912 664 031',
    lista_cliente_direccion_envio: [
      dir(['Ampliación Magdalena', 'Av. Brasil 3120', 'Edificio color crema, ingreso por el jirón', '150120']),
    ],
  },
];

/** Demo clients and their shipping addresses, checked by the same schema as the screen. */
export async function seedClientes(tx: Tx, _ctx: DemoContext): Promise<void> {
  for (const { cli_estado = 1, ...input } of CLIENTES) {
    const c = ClienteRegistrar.parse({ cliente: input }).cliente;
    const [row] = await tx.insert(t.cliente).values({
      tdi_id: c.tdi_id, cli_documento_identidad: c.cli_documento_identidad, cli_nombre: c.cli_nombre, cli_nombre_contacto: c.cli_nombre_contacto,
      cli_domicilio_fiscal: c.cli_domicilio_fiscal, cli_correo: c.cli_correo, cli_telefono: c.cli_telefono, cli_especial: c.cli_especial, cli_estado,
    }).returning({ id: t.cliente.cli_id });
    await tx.insert(t.clienteDireccionEnvio).values(c.lista_cliente_direccion_envio.map((d, i) => ({
      cli_id: row.id, cde_sequence: i + 1, cde_alias: d.cde_alias, cde_direccion: d.cde_direccion, cde_referencia: d.cde_referencia, ubi_id: d.ubi_id,
    })));
  }
}
