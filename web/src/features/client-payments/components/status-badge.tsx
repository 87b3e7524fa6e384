import { Badge } from '@/components/badge';
import { STATUS_LABELS } from '../labels';
import type { PaymentStatus } from '../types';

const TONES = { unbilled: 'muted', billed: 'alert', paid: 'brand' } as const;

/** 未請求 / 請求済 / 入金済. */
export function StatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge $tone={TONES[status]} data-testid="payment-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
