/**
 * Texts of the dispatch, mixer and driver calls: the spec's literal ones (spec 3 §8, §9) exactly as
 * written — including the trailing space of the reschedule message — and our own with accents.
 */
export const ENVIO_MSG = {
  // spec 3 §8, §9
  noDespachable: 'El pedido venta debe estar aprobado para programarle los envios',
  noReprogramable: 'El envio debe estar programado para realizar una reprogramacion ',
  horaSalida: 'La hora de salida no puede ser mayor o igual a la hora de entrega',
  mixerOcupado: (nombre: string) => `El mixer ${nombre} ya tiene un envío en ese horario`,
  guiaNoAceptada: (id: string | number) => `La guía de remision remitente ${id} aun no ha sido aceptada por SUNAT`,
  conductorReferencia: 'Debe ingresar alguna referencia del conductor',
  // ours
  falta: 'Falta ingresar datos para programar los envíos',
  envIdFalta: 'Debe indicar el envío',
  notFound: 'El envío no existe',
  ordenNoExiste: 'La orden de venta no existe',
  lineaNoExiste: 'La línea de la orden de venta no existe',
  lineaSinSaldo: (producto: string) => `La línea ${producto} no tiene saldo por despachar`,
  saldoExcedido: (producto: string, saldo: string) => `La cantidad programada de ${producto} supera su saldo por despachar (${saldo} m³)`,
  capacidadExcedida: (mixer: string, capacidad: string) => `La cantidad del envío supera la capacidad del mixer ${mixer} (${capacidad} m³)`,
  mixerNoExiste: 'El mixer no existe',
  mixerInactivo: (nombre: string) => `El mixer ${nombre} no está activo`,
  cruceEntreEnvios: (nombre: string) => `Los envíos enviados se cruzan en el mixer ${nombre}`,
  cantidad: 'La cantidad del envío debe ser un número mayor a 0 con hasta 4 decimales',
  cantidadMaxima: 'La cantidad del envío es demasiado grande',
  fechaHora: 'La fecha y hora no son válidas (dd-mm-aaaa hh:mm)',
  frecuencia: 'La frecuencia debe ser un número entero de minutos entre 1 y 1440',
  maxEnvios: 'Se pueden programar hasta 50 envíos a la vez',
  cantidadNoCambia: 'La cantidad de un envío programado no se modifica: cancele el envío y programe uno nuevo',
  envioDeOtraOrden: 'El envío no pertenece a la orden de venta indicada',
  noCancelable: (estado: string) => `Solo se puede cancelar un envío programado (este está ${estado.toLowerCase()})`,
  sinSiguienteEstado: (estado: string) => `El envío está ${estado.toLowerCase()}: no tiene un estado siguiente`,
  guiaNoEnRuta: 'La guía de remisión remitente solo se genera con el envío en ruta',
  guiaYaEmitida: (guia: string) => `El envío ya tiene la guía de remisión remitente ${guia}`,
  guiaNoExiste: 'El envío no tiene guía de remisión remitente',
  conductorNoExiste: 'El conductor no existe o no está activo',
  guiaProveedor: (detalle: string) => `No se pudo emitir la guía de remisión: ${detalle}`,
  fecha: 'La fecha no es válida',
  hora: 'La hora no es válida (hh:mm)',
  rangoFechas: 'La fecha de inicio no puede ser mayor a la fecha de fin',
  estado: 'El estado no es válido',
  distrito: 'El distrito no es válido',
  // state changes
  estadoCambiado: (estado: string) => `El envío pasó a ${estado.toLowerCase()}`,
  cancelado: 'Se canceló el envío correctamente',
  programados: (n: number) => (n === 1 ? 'Se programó 1 envío correctamente' : `Se programaron ${n} envíos correctamente`),
  reprogramado: 'Se reprogramaron los envíos correctamente',
  guiaGenerada: (guia: string) => `Se generó la guía de remisión remitente ${guia}`,
} as const;

export const MIXER_MSG = {
  falta: 'Falta ingresar datos para registrar el mixer',
  faltaModificar: 'Falta ingresar datos para modificar el mixer',
  mixIdFalta: 'Debe indicar el mixer',
  notFound: 'El mixer no existe',
  placa: 'La placa debe tener entre 5 y 10 letras, números o guiones (p. ej. ABC-123)',
  placaRepetida: (placa: string) => `Ya existe un mixer con la placa ${placa}`,
  capacidad: 'La capacidad debe ser un número mayor a 0 con hasta 2 decimales',
  capacidadMaxima: 'La capacidad es demasiado grande',
  nombre: 'El nombre debe tener hasta 100 caracteres',
  estado: 'El estado del mixer debe ser activo o inactivo',
  version: 'El mixer fue modificado por otro usuario; vuelva a abrirlo',
  registrado: (id: number) => `Se registró el mixer N° ${id} correctamente`,
  modificado: 'Se modificó el mixer correctamente',
} as const;

export const CONDUCTOR_MSG = {
  falta: 'Falta ingresar datos para registrar al conductor',
  faltaModificar: 'Falta ingresar datos para modificar al conductor',
  cdtIdFalta: 'Debe indicar el conductor',
  notFound: 'El conductor no existe',
  texto: (campo: string, max: number) => `${campo} debe tener hasta ${max} caracteres`,
  placa: 'La placa debe tener hasta 10 letras, números o guiones',
  registrado: 'Se registró el conductor correctamente',
  modificado: 'Se modificó el conductor correctamente',
} as const;
