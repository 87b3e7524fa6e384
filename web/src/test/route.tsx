/** Renders a route's page at a URL the way the router does: inside the route's role gate. */
import type { ReactNode } from 'react';
import { matchPath, MemoryRouter } from 'react-router';
import { RouteGate } from '@/app/routes/access';
import { paths, type RouteName } from '@/config/paths';

/** The route a URL opens (a fixed path wins over one with parameters, as in the router). */
export function routeNameOf(url: string): RouteName | undefined {
  const pathname = new URL(url, 'http://localhost').pathname;
  const names = Object.keys(paths) as RouteName[];
  return (
    names.find((name) => paths[name].path === pathname) ??
    names.find((name) => matchPath(paths[name].path, pathname))
  );
}

/** `<MemoryRouter>` at `url` around `page`, gated like the router gates that route. */
export function atRoute(url: string, page: ReactNode) {
  const name = routeNameOf(url);
  return <MemoryRouter initialEntries={[url]}>{name ? <RouteGate route={name}>{page}</RouteGate> : page}</MemoryRouter>;
}
