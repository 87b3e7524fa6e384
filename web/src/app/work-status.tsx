/** The work-status modal and the availability dropdown, wired to the session: a saved status becomes the logged-in user's, a failure the error notice. */
import { useAuth } from '@/features/auth/store';
import { useBanners } from '@/features/banners/store';
import { AvailabilitySelect } from '@/features/work-status/components/availability-select';
import { WorkStatusModal } from '@/features/work-status/components/work-status-modal';

/** Mounted once by the shell: asks over any page when the rules say so. */
export function WorkStatusGate() {
  const user = useAuth((s) => s.user.data);
  const applyUser = useAuth((s) => s.applyUser);
  const error = useBanners((s) => s.error);
  // Keyed by user: logging in as someone else asks them afresh.
  return <WorkStatusModal key={user?.id ?? 0} user={user} onSaved={applyUser} onFailed={error} />;
}

export function Availability({ inline = false }: { inline?: boolean }) {
  const user = useAuth((s) => s.user.data);
  const applyUser = useAuth((s) => s.applyUser);
  const error = useBanners((s) => s.error);
  return <AvailabilitySelect user={user} onSaved={applyUser} onFailed={error} inline={inline} />;
}
