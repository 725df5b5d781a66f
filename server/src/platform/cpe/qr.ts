/**
 * The QR of the printed voucher, as a matrix of dark modules the PDF draws as squares (vector, no
 * image library). Error correction Q, as SUNAT asks for the printed representation's QR.
 */
import qrcode from 'qrcode-generator';

/** Row-major dark (true) and light modules of the smallest QR that holds `texto` (byte mode). */
export function qrModulos(texto: string): boolean[][] {
  const qr = qrcode(0, 'Q');
  qr.addData(texto, 'Byte');
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

/** Draws the QR at (x, y) in a `lado`-point square, with no quiet zone (the caller leaves white around it). */
export function dibujarQr(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, lado: number): void {
  const modulos = qrModulos(texto);
  const paso = lado / modulos.length;
  doc.save().fillColor('#000000');
  modulos.forEach((fila, r) => {
    // Runs of dark modules in a row as one rectangle: fewer path operators, same picture.
    let inicio = -1;
    for (let c = 0; c <= fila.length; c++) {
      if (c < fila.length && fila[c]) {
        if (inicio < 0) inicio = c;
      } else if (inicio >= 0) {
        doc.rect(x + inicio * paso, y + r * paso, (c - inicio) * paso, paso);
        inicio = -1;
      }
    }
  });
  doc.fill().restore();
}
