/**
 * Texts of the supplier portal (spec 3 §5 "Supplier account creation", §8; DECISIONS §7) and of the
 * rules we settled (account confirmation links, the supplier's invoice upload).
 */
export const PORTAL_MSG = {
  // Spec 3 §5 and §8; 'password' written 'contraseña' (DECISIONS §9).
  faltanDatosUsuario: 'Faltan ingresar datos del usuario',
  passwordNoCoincide: 'La contraseña y la confirmación no coinciden',

  rucFalta: 'Ingrese el RUC de su empresa',
  rucNoRegistrado: (ruc: string) =>
    `El RUC ${ruc} no corresponde a un proveedor registrado; comuníquese con el área de Logística para registrarse como proveedor`,
  proveedorFalta: 'Busque primero el RUC de su empresa',
  proveedorNoEncontrado: 'No se encontró el proveedor; vuelva a buscar el RUC',
  yaTieneCuenta: (ruc: string) => `El proveedor con RUC ${ruc} ya tiene una cuenta creada; ingrese con ella o comuníquese con el área de Logística`,
  cuentaPendiente: 'Ya se solicitó una cuenta para este proveedor: revise el correo registrado del proveedor para confirmarla',
  sinCorreo: 'El proveedor no tiene un correo registrado al cual enviar la confirmación; comuníquese con el área de Logística',
  cuentaCreada: (correoMascara: string) =>
    `Se creó la cuenta. Le enviamos un enlace de confirmación al correo registrado del proveedor (${correoMascara}): llegará en unos minutos; ábralo para activar la cuenta`,
  correoEnUso: 'Ya existe un usuario con ese correo',

  enlaceFalta: 'El enlace de confirmación está incompleto; ábralo nuevamente desde el correo',
  enlaceInvalido: 'El enlace de confirmación no es válido',
  enlaceUsado: 'El enlace de confirmación ya fue utilizado; ingrese con su correo y contraseña',
  enlaceReemplazado: 'Este enlace fue reemplazado por uno más reciente; use el del último correo recibido',
  enlaceVencido: 'El enlace de confirmación venció; vuelva a crear la cuenta para recibir uno nuevo',
  cuentaConfirmada: 'Se confirmó la cuenta; ya puede ingresar con su correo y contraseña',

  ordenFalta: 'Debe indicar la orden',
  ordenNoEncontrada: 'No se encontró la orden',
  tipoOrden: 'Seleccione un tipo de orden válido',
  fecha: 'La fecha no es válida',
  rangoFechas: 'La fecha de inicio no puede ser posterior a la fecha de fin',

  facturaArchivoFalta: 'Debe indicar el archivo',
  facturaArchivoNoEncontrado: 'No se encontró el archivo',
  facturaArchivoNoDisponible: 'El archivo ya no está disponible',
  facturaPdfFalta: 'Adjunte el PDF de la factura',
  facturaXmlFalta: 'Adjunte el XML de la factura (el que envió a SUNAT)',
  facturaPdfTipo: 'El archivo PDF no es un PDF válido',
  facturaPdfTamano: 'El PDF de la factura no debe superar 10 MB',
  facturaXmlTamano: 'El XML de la factura no debe superar 2 MB',
  facturaEstado: 'Solo se puede enviar la factura de una orden emitida que no esté anulada',
  facturaEnviada: (numero: string) => `Se envió la factura ${numero}`,
  facturaRepetida: (numero: string) => `La factura ${numero} de su empresa ya fue enviada; no se puede enviar dos veces`,
  facturaExcede: (total: string, disponible: string, moneda: string) =>
    `El total de la factura (${moneda} ${total}) supera lo que queda por facturar de la orden (${moneda} ${disponible}: su total con IGV menos las facturas ya enviadas)`,
  facturaEmisor: (ruc: string) => `El XML corresponde a una factura emitida por el RUC ${ruc}, no por su empresa`,
  facturaCliente: (empresa: string, ruc: string) => `La factura no está emitida a ${empresa} (RUC ${ruc})`,
  facturaTipo: 'El XML no es una factura electrónica (tipo de comprobante 01)',
  facturaMoneda: (factura: string, orden: string) => `La moneda de la factura (${factura}) no coincide con la de la orden (${orden})`,
} as const;
