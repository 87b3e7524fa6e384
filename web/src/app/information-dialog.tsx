/** The latest-notices dialog, wired to the session: shown while whoami says there is news (or a post just went live); closing marks it seen and refreshes the user. */
import { useEffect } from 'react';
import { useAuth } from '@/features/auth/store';
import { LatestInformationDialog } from '@/features/information/components/latest-information-dialog';
import { useInformation } from '@/features/information/store';

/** Mounted once by the shell, beside the work-status modal (which waits while there is news). */
export function InformationGate() {
  const userId = useAuth((s) => s.user.data?.id);
  const hasNews = useAuth((s) => !!s.user.data?.isExistsNewInformation);
  const whoami = useAuth((s) => s.whoami);
  const { latest, fetchLatest, markSeen } = useInformation();
  useEffect(() => {
    if (userId && hasNews) void fetchLatest();
  }, [userId, hasNews, fetchLatest]);
  if (!userId || !hasNews || latest.data.length === 0) return null;
  const close = async () => {
    await markSeen();
    await whoami();
  };
  return <LatestInformationDialog items={latest.data} onClose={() => void close()} />;
}

/** `information.published` reached this user: the session has news, so the dialog opens at once. */
export function noteNews(): void {
  const { user, applyUser } = useAuth.getState();
  if (user.data && !user.data.isExistsNewInformation) applyUser({ ...user.data, isExistsNewInformation: true });
}
