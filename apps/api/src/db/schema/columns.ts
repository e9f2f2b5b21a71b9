import { newObjectId } from '@backroom/contract';
import { timestamp, varchar } from 'drizzle-orm/pg-core';

/** The primary key every table uses: a 24-hex ObjectId-style id made by the app. */
export const idColumn = () =>
  varchar('id', { length: 24 })
    .primaryKey()
    .$defaultFn(() => newObjectId());

/** A reference to another table's id. */
export const idRef = (name: string) => varchar(name, { length: 24 });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
