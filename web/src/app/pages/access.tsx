/** Role gates for pages (the server enforces access too; this only says so plainly). */
import type { ReactNode } from 'react';
import { useAuth } from '@/features/auth/store';
import { MESSAGES } from '@/lib/errors';
import { isStaff, viewerOf, type Viewer } from '@/lib/roles';

export const Forbidden = () => <p role="alert">{MESSAGES.forbidden}</p>;

export function StaffOnly({ children }: { children: ReactNode }) {
  const role = useAuth((s) => s.user.data?.roleType);
  return isStaff(role) ? <>{children}</> : <Forbidden />;
}

/** The logged-in user as the work screens take it. */
export function useViewer(): Viewer {
  const user = useAuth((s) => s.user.data);
  return viewerOf(user);
}
