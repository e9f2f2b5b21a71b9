import { STORAGE_KEYS } from '@backroom/contract';
import { storage } from './storage';

/** The session token, kept in the browser's local storage (spec 1 section 3). */
export function getToken(): string | null {
  return storage.get(STORAGE_KEYS.token) || null;
}

export function setToken(token: string): void {
  storage.set(STORAGE_KEYS.token, token);
}

export function clearToken(): void {
  storage.remove(STORAGE_KEYS.token);
}
