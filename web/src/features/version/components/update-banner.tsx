import { useEffect } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { theme } from '@/theme/theme';
import { VERSION_POLL_MS, useVersion } from '../store';

const Bar = styled.div`
  position: fixed;
  bottom: 16px;
  right: 16px;
  z-index: ${theme.layer.flash};
  display: flex;
  gap: 16px;
  align-items: center;
  padding: 12px 16px;
  background: ${theme.color.text};
  color: ${theme.color.white};
  border-radius: 6px;
`;

/** Polls the deployed revision while online and visible; shows the reload prompt on a mismatch. */
export function UpdateBanner() {
  const { updateAvailable, check } = useVersion();
  useEffect(() => {
    const timer = setInterval(check, VERSION_POLL_MS);
    return () => clearInterval(timer);
  }, [check]);
  if (!updateAvailable) return null;
  return (
    <Bar data-testid="update-banner" role="status">
      <span>新しいアップデートがあります。再読み込みしてください。</span>
      <Button $variant="primary" $size="sm" $minWidth={100} onClick={() => window.location.reload()}>
        再読み込み
      </Button>
    </Bar>
  );
}
