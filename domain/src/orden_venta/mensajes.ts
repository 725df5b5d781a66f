import { formatMoney } from '../common/format.ts';

/**
 * Texts of the sales order calls. The spec's own are word for word (spec 3 §5, §8: 'Falta ingresar
 * datos para registrar la orden de venta', 'El producto ya ha sido agregado', 'El pago no tiene
 * documento adjunto'); the rest are ours, with accents.
 */
export const ORDEN_VENTA_MSG = {
  /** Register and modify alike (spec 3 §5). */
  falta: 'Falta ingresar datos para registrar la orden de venta',
  productoRepetido: 'El producto ya ha sido agregado',
  pagoSinArchivo: 'El pago no tiene documento adjunto',
  ovtIdFalta: 'Seleccione la orden de venta',
  ovpIdFalta: 'Seleccione el pago de la orden de venta',
  notFound: 'La orden de venta no existe',
  pagoNotFound: 'El pago de la orden de venta no existe',

  registrada: (id: number) => `Se registró la orden de venta N° ${id} correctamente`,
  modificada: 'Se modificó la orden de venta correctamente',
  aprobada: 'Se aprobó la orden de venta correctamente',
  adjuntada: 'Se adjuntó el documento a la orden de venta correctamente',
  pagoRegistrado: 'Se registró el pago correctamente',
  pagoAdjuntado: 'Se adjuntó el comprobante del pago correctamente',
  pagoCancelado: 'Se canceló el pago correctamente',
  comprobanteGenerado: (numero: string) => `Se generó el comprobante ${numero} correctamente`,

  // Fields of the order.
  correo: 'El correo de contacto no es válido',
  texto: (campo: string, max: number) => `${campo} no debe superar ${max} caracteres`,
  fechaEntrega: 'La fecha de entrega debe tener el formato día-mes-año hora:minuto (dd-mm-aaaa HH:mm)',
  fechaEntregaPasada: 'La fecha de entrega no puede ser anterior a hoy',
  tipoComprobanteRegistro: 'Al registrar la orden de venta de un cliente con RUC solo se puede elegir FACTURA',
  tipoComprobante: 'Seleccione un tipo de comprobante válido: FACTURA o BOLETA',
  facturaSinRuc: 'Para emitir una factura el cliente debe tener RUC',
  moneda: 'Las órdenes de venta se registran en soles',
  condicion: 'Seleccione una condición de pago válida',
  clienteInactivo: 'El cliente no existe o se encuentra inactivo',
  clienteCambiado: 'No se puede cambiar el cliente de una orden de venta registrada',
  direccion: 'Seleccione una dirección de envío activa del cliente',
  distrito: 'Seleccione un distrito válido',
  vendedor: 'El vendedor no existe o se encuentra inactivo',
  cantidad: 'La cantidad debe ser un número mayor a cero, con hasta 4 decimales',
  cantidadMaxima: 'La cantidad es demasiado grande',
  precio: 'El precio debe ser un número positivo, con hasta 2 decimales',
  precioMaximo: 'El precio es demasiado grande',
  frecuencia: 'La frecuencia de envío debe ser un número de minutos entre 1 y 1440',
  maxLineas: 'La orden de venta no puede tener más de 100 productos',
  productoInactivo: (nombre: string) => `El producto ${nombre} no existe o se encuentra inactivo`,
  productoNoExiste: 'Uno de los productos no existe',
  precioMinimo: (nombre: string, minimo: string) => `El precio de ${nombre} no puede ser menor al mínimo ${formatMoney('S/', minimo)}`,
  totalMaximo: 'El total de la orden de venta es demasiado grande',

  // States and options.
  noEditable: (estado: string) => `Solo se puede modificar una orden de venta en estado creado (está ${estado.toLowerCase()})`,
  sinOpcionEditar: 'No tiene permiso para modificar órdenes de venta',
  sinOpcionAprobar: 'No tiene permiso para aprobar órdenes de venta',
  sinOpcionPago: 'No tiene permiso para registrar pagos de órdenes de venta',
  noAprobable: (estado: string) => `Solo se puede aprobar una orden de venta en estado creado (está ${estado.toLowerCase()})`,
  version: 'La orden de venta fue modificada por otro usuario, vuelva a cargarla',

  // Payments.
  montoPago: 'El monto del pago debe ser un número mayor a cero, con hasta 2 decimales',
  montoPagoMaximo: 'El monto del pago es demasiado grande',
  fechaPago: 'La fecha de pago debe tener el formato día-mes-año hora:minuto (dd-mm-aaaa HH:mm)',
  fechaPagoFutura: 'La fecha de pago no puede ser posterior a la fecha actual',
  descripcionPago: 'Ingrese la descripción del pago',
  pagoFalta: 'Falta ingresar datos para registrar el pago',
  sinSaldo: 'La orden de venta no tiene saldo pendiente de pago',
  pagoExcede: (saldo: string) => `El monto del pago supera el saldo pendiente de ${formatMoney('S/', saldo)}`,
  pagoYaCancelado: 'El pago ya se encuentra cancelado',
  pagoConComprobante: 'No se puede cancelar el pago: la orden de venta ya tiene comprobante electrónico emitido',
  pagoInactivo: 'No se puede adjuntar un documento a un pago cancelado',

  // Attachments.
  archivoFalta: 'Adjunte un archivo PDF, JPG o PNG',
  archivoTipo: 'El archivo debe ser PDF, JPG o PNG',
  archivoTamano: 'El archivo no debe superar los 10 MB',
  archivoNotFound: 'El documento adjunto no existe',
  tipoArchivo: 'El tipo de documento no debe superar 60 caracteres',

  // E-vouchers.
  comprobanteNoPagada: 'Solo se puede generar el comprobante de una orden de venta pagada en su totalidad',
  comprobanteEspecial: 'El cliente es especial: sus órdenes de venta no generan comprobante electrónico',
  comprobanteYaEmitido: (numero: string) => `La orden de venta ya tiene el comprobante ${numero}`,
  comprobanteSinTotal: 'La orden de venta no tiene importe para generar el comprobante',
  comprobanteNoExiste: 'La orden de venta no tiene comprobante electrónico',
  comprobanteRechazado: (mensaje: string) => `El comprobante no fue aceptado: ${mensaje}`,

  // Lists.
  rangoFechas: 'La fecha de inicio no puede ser posterior a la fecha de fin',
  fecha: 'La fecha no es válida',
  hora: 'La hora debe tener el formato HH:mm',
  estado: 'Seleccione un estado válido',
} as const;
