import { createServer, type AddressInfo, type Server } from 'node:net';

/** A message the fake SMTP server accepted: envelope recipients and the raw data. */
export interface SmtpMessage {
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server for tests of the SMTP path: it accepts every message (kept in
 * `messages`) or, with `refuse` set, answers 550 to the message data, as a server that
 * refuses a recipient or a message would; `pausa.ms` delays that answer (a slow server).
 * No TLS, no authentication.
 */
export async function startFakeSmtp(): Promise<{ url: string; messages: SmtpMessage[]; refuse: { on: boolean }; pausa: { ms: number }; close(): Promise<void> }> {
  const messages: SmtpMessage[] = [];
  const refuse = { on: false };
  const pausa = { ms: 0 };
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: SmtpMessage = { to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.smtp ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line !== '.') { current.data += `${line}\n`; continue; }
          inData = false;
          const recibido = current;
          const responder = () => {
            if (refuse.on) reply('550 5.7.1 Mensaje rechazado por la política del servidor');
            else { messages.push(recibido); reply('250 OK'); }
          };
          if (pausa.ms > 0) setTimeout(responder, pausa.ms);
          else responder();
          current = { to: [], data: '' };
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') reply('250 fake.smtp');
        else if (cmd === 'MAIL') reply('250 OK');
        else if (cmd === 'RCPT') { current.to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1')); reply('250 OK'); }
        else if (cmd === 'DATA') { inData = true; reply('354 End data with <CR><LF>.<CR><LF>'); }
        else if (cmd === 'QUIT') { reply('221 Bye'); socket.end(); }
        else reply('250 OK');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    refuse,
    pausa,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
