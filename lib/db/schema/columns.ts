import { timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Column builders both schemas (desk and service) use, so the same column is declared the same
 * way in every table. Each call makes a new builder: drizzle keeps one per table column.
 */

/** A random UUID primary key. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** A point in time with its time zone, e.g. `revoked_at` (nullable unless chained). */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** Set on insert; writers set it again on every update (drizzle does not). */
export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();
