/**
 * A maintenance window as the screens use it: pushed (`maintenance.changed`), fetched, or read
 * from a 503 answer (which has no id and says nothing of `active`).
 */
export interface Maintenance {
  id?: number;
  message: string;
  startDatetime: string;
  endDatetime: string;
  active?: boolean;
}

/** `GET /maintenance` and the `maintenance.changed` payload. */
export interface MaintenanceSchedule {
  maintenance: Maintenance | null;
  /** Every live window, earliest first (absent from older servers). */
  windows?: Maintenance[];
  /** The server's clock when it answered. */
  now?: string;
}

/** What an admin sends to schedule a window (times RFC 3339 with the Tokyo offset). */
export interface WindowInput {
  message: string;
  startDatetime: string;
  endDatetime: string;
}
