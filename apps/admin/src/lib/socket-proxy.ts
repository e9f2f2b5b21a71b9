import type { FromWorker, OpenMessage, Port, ToWorker } from './socket-messages';

type Listener = (...args: never[]) => void;
type Call = (...args: unknown[]) => void;

/**
 * What the screens use of the connection: listeners on and off, emit, and whether it is up.
 */
export interface RealtimeSocket {
  on(event: string, listener: Listener): void;
  off(event: string, listener: Listener): void;
  emit(event: string, ...args: unknown[]): void;
  readonly connected: boolean;
}

/**
 * The page's side of the realtime connection, which runs in a worker (`socket-bridge.ts`): it keeps
 * the listeners and calls them with what the worker forwards, sends emits (a last argument that is
 * a function is an ack, called with the server's answer), mirrors `connected` from the worker's
 * messages, and answers the worker's question for the token with the one stored now. What is
 * emitted before the worker is attached is sent once it is, and then buffered by socket.io until
 * it is connected, as socket.io's own buffer did on the page.
 */
export class SocketProxy implements RealtimeSocket {
  private port: Port<ToWorker, FromWorker> | null = null;
  private closed = false;
  private isConnected = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly outbox: ToWorker[] = [];
  private readonly acks = new Map<number, Call>();
  private nextAck = 0;

  constructor(private readonly readToken: () => string) {}

  /** Connects through `port` (the worker); `onClosed` runs once the worker has disconnected after close(). */
  attach(port: Port<ToWorker, FromWorker>, open: OpenMessage, onClosed: () => void = () => {}): void {
    if (this.closed || this.port) return;
    port.onmessage = ({ data }) => {
      if (data.kind === 'closed') onClosed();
      else if (!this.closed) this.receive(data);
    };
    port.postMessage(open);
    for (const message of this.outbox.splice(0)) port.postMessage(message);
    this.port = port;
  }

  private receive(message: Exclude<FromWorker, { kind: 'closed' }>): void {
    switch (message.kind) {
      case 'auth':
        this.port?.postMessage({ kind: 'token', token: this.readToken() });
        return;
      case 'event': {
        this.isConnected = message.connected;
        // A copy: a listener may add or remove listeners, as socket.io's emitter allows.
        for (const listener of [...(this.listeners.get(message.event) ?? [])]) (listener as Call)(...message.args);
        return;
      }
      case 'ack': {
        const ack = this.acks.get(message.id);
        this.acks.delete(message.id);
        ack?.(...message.args);
        return;
      }
    }
  }

  private send(message: ToWorker): void {
    if (this.port) this.port.postMessage(message);
    else this.outbox.push(message);
  }

  on(event: string, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  emit(event: string, ...args: unknown[]): void {
    const last = args.at(-1);
    if (typeof last !== 'function') {
      this.send({ kind: 'emit', event, args });
      return;
    }
    const id = this.nextAck++;
    this.acks.set(id, last as Call);
    this.send({ kind: 'emit', event, args: args.slice(0, -1), ack: id });
  }

  get connected(): boolean {
    return this.isConnected;
  }

  /** Disconnects (the worker answers `closed`); nothing is called after this. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.isConnected = false;
    this.acks.clear();
    this.port?.postMessage({ kind: 'close' });
  }
}
