import { useEffect } from 'react';
import styled from 'styled-components';
import { NoIndex } from '@/components/no-index';
import { theme } from '@/theme/theme';
import { MAINTENANCE_POLL_MS, useMaintenance } from '../store';
import { formatPeriod } from './period';

const Wrap = styled.main`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  padding: 24px;
  text-align: center;
  background: ${theme.color.white};
`;
const Title = styled.h1`
  font-size: ${theme.font.xxl};
  color: ${theme.color.brandDark};
`;
const Period = styled.p`
  font-weight: ${theme.font.bold};
`;

/** Replaces every page while maintenance is on; leaves by its end timer, a push, or polling. */
export function MaintenancePage() {
  const { maintenance, refresh } = useMaintenance();
  useEffect(() => {
    const timer = setInterval(refresh, MAINTENANCE_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return (
    <Wrap data-testid="maintenance-page">
      <NoIndex />
      <Title>メンテナンス中</Title>
      <p>{maintenance?.message || 'ただいまメンテナンスを実施しています。'}</p>
      {maintenance && <Period>{formatPeriod(maintenance)}</Period>}
      <p>ご迷惑をおかけしますが、しばらくお待ちください。</p>
    </Wrap>
  );
}
