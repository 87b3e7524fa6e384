/** What every route file reads of the session: the viewer, the chat session, and the role gates (the server enforces access too; these only say so plainly). */
import type { ReactNode } from 'react';
import { ForbiddenPage } from '@/components/status-page';
import { useAuth } from '@/features/auth/store';
import { isAccountantOrAdmin, isStaff, viewerOf, type Viewer } from '@/lib/roles';

export function StaffOnly({ children }: { children: ReactNode }) {
  const role = useAuth((s) => s.user.data?.roleType);
  return isStaff(role) ? <>{children}</> : <ForbiddenPage />;
}

/** Accountants and admins: who handles the money (confirmations, payments, transfer files). */
export function AccountantOnly({ children }: { children: ReactNode }) {
  const role = useAuth((s) => s.user.data?.roleType);
  return isAccountantOrAdmin(role) ? <>{children}</> : <ForbiddenPage />;
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
