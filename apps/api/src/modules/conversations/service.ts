import type { Db } from '../../db/client';
import { countUnread } from './repository';

export function unreadCount(db: Db): Promise<number> {
  return countUnread(db);
}
