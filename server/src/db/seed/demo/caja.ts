import { CAJ, ROLE, limaDate, type AccessProfile, type CajAccion } from '@obra/domain';
import { sql } from 'drizzle-orm';
import { registrarEn, transicionEn } from '../../../modules/caja/service.ts';
import { selectRows, type Tx } from '../../client.ts';
import { rendicionDetalle } from '../../schema/index.ts';
import type { DemoContext } from './context.ts';

/**
 * Demo petty cash: six cash boxes registered and moved through the petty cash service (the same
 * rules, codes and history as the screens), dated over the last six days so the list's default
 * filter (the last 7 days) shows them: one of each of CRE, CPA, CDE, CAP, CDP with three
 * documents, and RAP. Planta Lurín's are requested by administracion@, Miraflores' by estandar@;
 * gerencia@ manages all of them and tesoreria@ deposits.
 */

type Paso = [CajAccion, { observacion?: string; numero_operacion?: string }?];

interface Demo {
  titulo: string;
  descripcion: string;
  cec: string;
  tca: number;
  monto: string;
  solicitante: 'estandar@andina.pe' | 'administracion@andina.pe';
  dias: number;
  pasos: Paso[];
  /** RUC, business name, description, document type, series, number, amount. */
  documentos?: [string, string, string, number, string, string, string][];
}

const DEPOSITO: Paso[] = [['solicitar_aprobacion_caja'], ['aprobar_caja'], ['depositar_caja', { numero_operacion: 'OP-0048213' }]];

const CAJAS: Demo[] = [
  {
    titulo: 'Viáticos supervisión Planta Lurín', descripcion: 'Viáticos de la supervisión de mantenimiento de la planta dosificadora',
    cec: 'CC-PL-04', tca: 3, monto: '1200.00', solicitante: 'administracion@andina.pe', dias: 6,
    pasos: [...DEPOSITO, ['solicitar_aprobacion_rendicion'], ['aprobar_rendicion']],
    documentos: [
      ['20554433228', 'Restaurante El Buen Sabor de Lurín E.I.R.L.', 'Almuerzos del equipo de supervisión', 1, 'F002', '4587', '186.50'],
      ['20609876540', 'Hospedaje Las Palmeras S.A.C.', 'Hospedaje de dos noches', 1, 'F001', '1203', '540.00'],
      ['20133707345', 'Grifo San Pedro de Lurín S.A.', 'Combustible de la camioneta de supervisión', 1, 'F003', '77812', '260.00'],
    ],
  },
  {
    titulo: 'Gastos menores obra Miraflores - noviembre', descripcion: 'Movilidad, útiles y compras menores de la obra',
    cec: 'CC-MF-01', tca: 1, monto: '800.00', solicitante: 'estandar@andina.pe', dias: 5, pasos: DEPOSITO,
    documentos: [
      ['20100047218', 'Ferretería El Constructor S.A.C.', 'Brocas, tarugos y cinta aislante', 1, 'F001', '9921', '235.80'],
      ['20478965410', 'Librería y Bazar Miraflores S.R.L.', 'Útiles de oficina', 2, 'B001', '15670', '64.90'],
      ['10456789124', 'Transportes Quispe Huamán', 'Movilidad a la municipalidad', 5, 'T001', '3318', '45.00'],
    ],
  },
  {
    titulo: 'Refrigerios vaciado de losa piso 5', descripcion: 'Refrigerios para la cuadrilla del vaciado nocturno',
    cec: 'CC-MF-01', tca: 1, monto: '420.00', solicitante: 'estandar@andina.pe', dias: 4,
    pasos: [['solicitar_aprobacion_caja'], ['desaprobar_caja', { observacion: 'Adjuntar la cotización del proveedor de refrigerios' }]],
  },
  {
    titulo: 'Compra de EPP de reposición - Miraflores', descripcion: 'Guantes, lentes y tapones auditivos de reposición',
    cec: 'CC-MF-02', tca: 2, monto: '650.00', solicitante: 'estandar@andina.pe', dias: 3, pasos: [['solicitar_aprobacion_caja'], ['aprobar_caja']],
  },
  {
    titulo: 'Movilidad laboratorio de calidad Lurín', descripcion: 'Traslado de probetas al laboratorio externo',
    cec: 'CC-PL-03', tca: 1, monto: '350.50', solicitante: 'administracion@andina.pe', dias: 2, pasos: [['solicitar_aprobacion_caja']],
  },
  {
    titulo: 'Útiles de oficina y fotocopias - Miraflores', descripcion: 'Planos, copias y útiles de la oficina técnica',
    cec: 'CC-MF-03', tca: 1, monto: '180.00', solicitante: 'estandar@andina.pe', dias: 1, pasos: [],
  },
];

const DIA = 86_400_000;
const MINUTO = 60_000;

/** The acting user of each step, as the route would see them (DECISIONS §5: requester, manager, treasury). */
function perfiles(ctx: DemoContext) {
  const perfil = (correo: string, roleIds: number[], options: string[], pry: string | null): AccessProfile | null => {
    const usu_id = ctx.userIds.get(correo);
    return usu_id === undefined ? null : {
      usu_id, usu_nivel: pry ? 0 : 1, pry_id: pry ? ctx.projectIds.get(pry) ?? null : null, tiu_id: 1, pve_id: null, cli_id: null,
      roleIds, modules: ['caja'], options,
    };
  };
  return {
    'estandar@andina.pe': perfil('estandar@andina.pe', [ROLE.ESTANDAR], [], 'PRY-002'),
    'administracion@andina.pe': perfil('administracion@andina.pe', [ROLE.ADMINISTRADOR], [], null),
    gerencia: perfil('gerencia@andina.pe', [ROLE.GERENCIA], ['aprobar_caja'], null),
    tesoreria: perfil('tesoreria@andina.pe', [ROLE.TESORERIA], [], null),
  };
}

export async function seedCaja(tx: Tx, ctx: DemoContext, now = new Date()): Promise<void> {
  const p = perfiles(ctx);
  const { gerencia, tesoreria } = p;
  if (!gerencia || !tesoreria) return;
  const cecs = new Map((await selectRows<{ cec_id: number; cec_codigo: string }>(tx, sql`select cec_id, cec_codigo from centro_costo`))
    .map((c) => [c.cec_codigo, Number(c.cec_id)]));
  // Oldest first, so that ids grow with the registration date as they do in use.
  for (const c of CAJAS) {
    const solicitante = p[c.solicitante];
    const cec_id = cecs.get(c.cec);
    if (!solicitante || cec_id === undefined) continue;
    const inicio = now.getTime() - c.dias * DIA;
    const { caj_id } = await registrarEn(tx, solicitante, {
      mon_id: 1, cec_id, tca_id: c.tca, caj_titulo: c.titulo, caj_descripcion: c.descripcion, caj_monto: c.monto,
      usu_gerente: gerencia.usu_id, usu_solicitante: solicitante.usu_id,
    }, new Date(inicio));
    let minutos = 0;
    for (const [accion, extra] of c.pasos) {
      minutos += 45;
      if (accion === 'solicitar_aprobacion_rendicion' && c.documentos) await documentos(tx, caj_id, cec_id, c.documentos, inicio + minutos * MINUTO);
      const quien = accion === 'aprobar_caja' || accion === 'desaprobar_caja' || accion === 'aprobar_rendicion' ? gerencia
        : accion === 'depositar_caja' ? tesoreria : solicitante;
      await transicionEn(tx, quien, caj_id, accion, extra ?? {}, new Date(inicio + minutos * MINUTO));
    }
    // A deposited cash box whose documents are registered but not yet sent for approval.
    if (c.pasos.at(-1)?.[0] === 'depositar_caja' && c.documentos) await documentos(tx, caj_id, cec_id, c.documentos, now.getTime() - DIA / 2);
  }
}

/** The settlement's documents as /rendicion/registrar stores them (series upper case, number without leading zeros), and its total. */
async function documentos(tx: Tx, caj_id: number, cec_id: number, docs: NonNullable<Demo['documentos']>, at: number) {
  const fecha = limaDate(new Date(at));
  await tx.insert(rendicionDetalle).values(docs.map(([ruc, razon, descripcion, tid_id, serie, numero, importe], i) => ({
    caj_id, red_item: i + 1, red_fecha: fecha, red_dni_ruc: ruc, red_razon_social: razon, red_descripcion: descripcion,
    cec_id, tid_id, red_serie: serie, red_numero: numero, red_importe: importe,
  })));
  await selectRows(tx, sql`update caja set ren_total = (select sum(red_importe) from rendicion_detalle where caj_id = ${caj_id}),
    ren_fecha_registro = ${new Date(at).toISOString()}::timestamptz where caj_id = ${caj_id} and caj_estado in (${CAJ.DEPOSITADA}, ${CAJ.RENDICION_DESAPROBADA})`);
}
