/** A maintenance window as the screens use it: pushed (`maintenance.changed`), fetched, or read from a 503 answer (which says nothing of `active`). */
export interface Maintenance {
  message: string;
  startDatetime: string;
  endDatetime: string;
  active?: boolean;
}
