import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import type { FromWorker, Port, ToWorker } from './socket-messages';

type Io = (url: string, options: Partial<ManagerOptions & SocketOptions>) => Socket;

/**
 * The worker's side of the realtime connection: opens the socket.io client when the page says
 * `open`, forwards every event it receives (and connect, disconnect) to the page, emits what the
 * page emits (answering its acks), and asks the page for the token at each (re)connection.
 * Reconnection is socket.io's own, as it was on the page.
 */
export function serveSocket(port: Port<FromWorker, ToWorker>, io: Io): void {
  let socket: Socket | null = null;
  const waitingForToken: ((data: { token: string }) => void)[] = [];
  const forward = (event: string, args: unknown[]) =>
    port.postMessage({ kind: 'event', event, args, connected: socket?.connected ?? false });

  port.onmessage = ({ data: message }) => {
    switch (message.kind) {
      case 'open': {
        if (socket) return;
        socket = io(message.url, {
          ...message.options,
          auth: (callback) => {
            waitingForToken.push(callback);
            port.postMessage({ kind: 'auth' });
          },
          withCredentials: true,
          reconnection: true,
          reconnectionAttempts: Number.POSITIVE_INFINITY,
        });
        socket.on('connect', () => forward('connect', []));
        socket.on('disconnect', (reason) => forward('disconnect', [reason]));
        socket.onAny((event: string, ...args: unknown[]) => forward(event, args));
        return;
      }
      case 'token':
        waitingForToken.shift()?.({ token: message.token });
        return;
      case 'emit': {
        const { event, args, ack } = message;
        if (ack === undefined) socket?.emit(event, ...args);
        else
          socket?.emit(event, ...args, (...answer: unknown[]) =>
            port.postMessage({ kind: 'ack', id: ack, args: answer }),
          );
        return;
      }
      case 'close':
        socket?.disconnect();
        socket = null;
        port.postMessage({ kind: 'closed' });
        return;
    }
  };
}
