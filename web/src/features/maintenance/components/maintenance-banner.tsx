import styled from 'styled-components';
import { theme } from '@/theme/theme';
import { noticeKey, useMaintenance } from '../store';
import { formatPeriod } from './period';

const Bar = styled.div<{ $running: boolean }>`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 8px 16px;
  font-size: ${theme.font.sm};
  color: ${theme.color.text};
  background: ${(p) => (p.$running ? theme.color.maintenanceRunning : theme.color.maintenanceScheduled)};
  border-bottom: 1px solid ${(p) => (p.$running ? theme.color.alert : theme.color.warning)};
  p { margin: 0; flex: 1; min-width: 0; }
`;
const Close = styled.button`
  border: none;
  background: transparent;
  color: inherit;
  font-size: ${theme.font.lg};
  line-height: 1;
  cursor: pointer;
`;

/**
 * Above every page: a window starting within a day is announced (each browser may dismiss each
 * window's notice once); while one runs, staff, who keep working, are reminded of it.
 */
export function MaintenanceBanner({ staff }: { staff: boolean }) {
  const { active, maintenance, upcoming, dismissed, dismiss } = useMaintenance();
  if (active && maintenance) {
    if (!staff) return null;
    return (
      <Bar $running role="status" data-testid="maintenance-staff-banner">
        <p>
          メンテナンス中です（{formatPeriod(maintenance)}）。スタッフのみ操作できます。{maintenance.message}
        </p>
      </Bar>
    );
  }
  if (!upcoming || dismissed.includes(noticeKey(upcoming))) return null;
  return (
    <Bar $running={false} role="status" data-testid="maintenance-notice">
      <p>
        メンテナンスのお知らせ：{formatPeriod(upcoming)} {upcoming.message}
      </p>
      <Close type="button" aria-label="お知らせを閉じる" onClick={() => dismiss(upcoming)}>
        ×
      </Close>
    </Bar>
  );
}
