/** The assessment reminder, wired to the session: asked of client users when the server's flag is on; closing it is remembered for the month. */
import { useEffect } from 'react';
import { AssessmentRemindDialog } from '@/features/assessments/components/assessment-remind-dialog';
import { useAssessments } from '@/features/assessments/store';
import { useAuth } from '@/features/auth/store';

/** Mounted once by the shell, beside the work-status modal. */
export function AssessmentRemindGate() {
  const user = useAuth((s) => s.user.data);
  const { remind, fetchRemind, dismissRemind } = useAssessments();
  const isClient = user?.roleType === 'client';
  useEffect(() => {
    if (isClient) void fetchRemind();
  }, [isClient, user?.id, fetchRemind]);
  // The latest-notices dialog goes first; the reminder follows once it is closed.
  if (!isClient || !remind || user?.isExistsNewInformation) return null;
  return <AssessmentRemindDialog onDismiss={() => void dismissRemind()} />;
}
