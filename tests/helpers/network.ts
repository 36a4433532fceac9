/**
 * One device's own network: a TCP relay on its own port in front of the e2e server. Its switch cuts
 * only the browser that opened the app through it, so another browser on the server's own address
 * stays online meanwhile (a board member offline at a meeting while another one, at home, is not).
 * The server's own switch (`E2EServer.setNetwork`) cuts everyone.
 */
import { connect, createServer, type Socket } from 'node:net';
import { freePort, type E2EServer } from './browser';

export type DeviceNetwork = Awaited<ReturnType<typeof openDeviceNetwork>>;

export async function openDeviceNetwork(server: E2EServer) {
  const port = await freePort();
  let up = true;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };
  const relay = createServer((inbound) => {
    if (!up) return inbound.destroy();
    const outbound = connect(server.port, '127.0.0.1');
    track(inbound);
    track(outbound);
    // Either side ending ends the other: a cut network drops the connection as a whole.
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((ok) => relay.listen(port, '0.0.0.0', ok));
  return {
    url: `http://localhost:${port}`,
    setNetwork(on: boolean) {
      up = on;
      if (!on) for (const socket of open) socket.destroy();
    },
    close: () => new Promise<void>((ok) => {
      for (const socket of open) socket.destroy();
      relay.close(() => ok());
    }),
  };
}
