import { Badge } from '@/components/badge';
import { STATUS_LABEL, STATUS_TONE } from '../labels';
import type { MemberStatus } from '../types';

/** A member's status in Japanese (稼働可, オファー中 …). */
export function StatusBadge({ status }: { status: MemberStatus }) {
  return (
    <Badge $tone={STATUS_TONE[status]} data-testid="member-status">
      {STATUS_LABEL[status]}
    </Badge>
  );
}
