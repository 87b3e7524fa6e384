/** What every route file reads of the session: the viewer, the chat session, and the role gates (the server enforces access too; these only say so plainly). */
import type { ReactNode } from 'react';
import { ForbiddenPage } from '@/components/status-page';
import { mayOpen } from '@/config/access';
import type { RouteName } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { isStaff, viewerOf, type Viewer } from '@/lib/roles';

/** The role gate of a route (config/access.ts): the page, or the 403 page before it asks the server anything. */
export function RouteGate({ route, children }: { route: RouteName; children: ReactNode }) {
  const role = useAuth((s) => s.user.data?.roleType);
  return mayOpen(route, role) ? <>{children}</> : <ForbiddenPage />;
}

/** The logged-in user as the work screens take it. */
export function useViewer(): Viewer {
  const user = useAuth((s) => s.user.data);
  return viewerOf(user);
}

/** What the chat screens take of the session (the chat feature itself does not read the auth store). */
export function useChatSession() {
  const user = useAuth((s) => s.user.data);
  const token = useAuth((s) => s.token);
  return { ownUserId: user?.id ?? 0, canModerate: isStaff(user?.roleType), token };
}
