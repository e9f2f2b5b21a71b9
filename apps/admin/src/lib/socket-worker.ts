/**
 * The realtime connection's worker: socket.io's client is fetched, evaluated and run here, off the
 * page's main thread, where its evaluation and connect took 116–365 ms of a phone's main thread
 * after the first paint (docs/decisions/058-lighthouse-on-a-phone.md). The page talks to it
 * through `socket-proxy.ts`.
 */
import { io } from 'socket.io-client';
import { serveSocket } from './socket-bridge';
import type { FromWorker, Port, ToWorker } from './socket-messages';

serveSocket(self as unknown as Port<FromWorker, ToWorker>, io);
