// The browser tests' peers in one process, started by Playwright's webServer:
//   node --import tsx e2e/support/peers-server.ts
// The fake WhatsApp Cloud API (E2E_WA_PORT), the SMTP sink (E2E_SMTP_PORT), and an inspection
// server (E2E_PEERS_PORT) through which specs read what the server under test sent.
import http from 'node:http';
import { FakeWhatsApp } from '../../apps/server/src/test/peers/fake-whatsapp.ts';
import { SmtpSink } from '../../apps/server/src/test/peers/smtp-sink.ts';
import { PEER_PORTS, PEERS } from './peers.ts';

const whatsapp = await FakeWhatsApp.start({
  port: PEER_PORTS.whatsapp,
  token: PEERS.token,
  phoneNumberId: PEERS.phoneNumberId,
  appSecret: PEERS.appSecret,
  webhookUrl: PEERS.webhookUrl,
});
const smtp = await SmtpSink.start({ port: PEER_PORTS.smtp });

function answer(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

const inspect = http.createServer((req, res) => {
  req.resume();
  const call = `${req.method} ${new URL(req.url ?? '/', 'http://peers.invalid').pathname}`;
  if (call === 'GET /health') answer(res, 200, { ok: true, whatsapp: whatsapp.url, smtp: smtp.url });
  else if (call === 'GET /mails') answer(res, 200, smtp.mails);
  else if (call === 'GET /whatsapp') answer(res, 200, whatsapp.requests);
  else if (call === 'POST /reset') {
    whatsapp.reset();
    smtp.reset();
    answer(res, 200, { ok: true });
  } else answer(res, 404, { error: `unknown call: ${call}` });
});
await new Promise<void>((resolve, reject) => {
  inspect.once('error', reject);
  inspect.listen(PEER_PORTS.inspect, '127.0.0.1', () => resolve());
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  inspect.closeAllConnections();
  await Promise.allSettled([
    new Promise<void>((resolve) => inspect.close(() => resolve())),
    whatsapp.close(),
    smtp.close(),
  ]);
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
