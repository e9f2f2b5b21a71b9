import { useEffect } from 'react';
import { connectSocket, disconnectSocket } from '../../../lib/socket';

/** The socket is open while the shell is on screen, and closed when it goes (logout, expired session). */
export function useRealtimeConnection(): void {
  useEffect(() => {
    connectSocket();
    return () => disconnectSocket();
  }, []);
}
