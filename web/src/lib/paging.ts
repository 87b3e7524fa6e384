/** Paged lists that grow as pages load: page 1 starts over, later pages append what is new. */
export function mergePage<T extends { id: number }>(known: T[], incoming: T[], page: number): T[] {
  const base = page <= 1 ? [] : known;
  const ids = new Set(base.map((item) => item.id));
  return [...base, ...incoming.filter((item) => !ids.has(item.id))];
}

/** The pagination fields the API sends beside a paged list. */
export interface Paging {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}
