/**
 * A background job's run, one at a time per process (the outbox's sender, the e-voucher worker): a call while it
 * runs asks for one more run right after (something new may have been queued meanwhile) and gets the running one's
 * promise. `trabajo` answers how many items it handled; a failure is given to `fallo` and the run goes on while
 * `seguir()`. `enCurso()` is the run in progress, for a stop that waits for it.
 */
export function crearRonda(trabajo: () => Promise<number>, o: { seguir: () => boolean; fallo: (err: unknown) => void }) {
  let corriendo: Promise<number> | null = null;
  let otraVez = false;
  const ronda = (): Promise<number> => {
    if (corriendo) {
      otraVez = true;
      return corriendo;
    }
    corriendo = (async () => {
      let total = 0;
      do {
        otraVez = false;
        try {
          total += await trabajo();
        } catch (err) {
          o.fallo(err);
        }
      } while (otraVez && o.seguir());
      return total;
    })().finally(() => { corriendo = null; });
    return corriendo;
  };
  return { ronda, enCurso: () => corriendo };
}
