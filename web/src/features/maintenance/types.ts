/** Maintenance windows: the server's types (lib/api, generated), loosened only where a screen also reads a 503 body. */
import type { Body, View } from '@/lib/api/wire';

type Window = View<'MaintenanceWindow'>;

/**
 * A maintenance window as the screens use it: pushed (`maintenance.changed`), fetched, or read
 * from a 503 answer (which has no id and says nothing of `active`).
 */
export type Maintenance = Omit<Window, 'id' | 'active'> & Partial<Pick<Window, 'id' | 'active'>>;

/**
 * `GET /maintenance` and the `maintenance.changed` payload (`MaintenanceState`); `windows` (every
 * live window, earliest first) and `now` (the server's clock) are optional so a screen can apply
 * the one window a 503 names.
 */
export type MaintenanceSchedule = Partial<Pick<View<'MaintenanceState'>, 'now'>> & {
  maintenance: Maintenance | null;
  windows?: Maintenance[];
};

/** What an admin sends to schedule a window (times RFC 3339 with the Tokyo offset). */
export type WindowInput = Body<'WindowRequest'>;
