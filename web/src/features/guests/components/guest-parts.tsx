/** Pieces the guest pages share: the frame with the shared medium's name, the work-status text, and the refusal text. */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { AppError, NotFoundError, UnauthorizedError } from '@/lib/errors';
import { theme } from '@/theme/theme';

export const GuestFrame = styled.main`
  max-width: ${theme.size.contentMax}px;
  margin: 0 auto;
  padding: 24px 16px 48px;
`;

export const Lead = styled.p`
  color: ${theme.color.subText};
  margin: -12px 0 20px;
`;

export const WORK_STATUS_TEXT: Record<string, string> = {
  accepting: '😊 受付中',
  conditionally_accepting: '🤔 条件付きで受付中',
  not_accepting: '🙅 受付停止中',
  not_set: '未設定',
};

/** What a guest reads when the server refuses: the expired or invalid URL text, another team's page, or the failure. */
export function refusalText(error: AppError): string {
  if (error instanceof UnauthorizedError) return error.message;
  if (error instanceof NotFoundError) return 'このURLでは表示できないページです。共有されたURLから開き直してください。';
  return error.message;
}

export function GuestRefusal({ error, children }: { error: AppError; children?: ReactNode }) {
  return (
    <div role="alert" data-testid="guest-refusal">
      <p>{refusalText(error)}</p>
      {children}
    </div>
  );
}
