/** A positive whole id from a route parameter, or null (the route then shows its 404 page). */
export const routeId = (value: string | undefined): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};
