/** What every usage page shares: the title with the company (for the staff), the way back, and the wait or refusal before the data. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { deniedPage } from '@/components/status-page';
import type { AsyncState } from '@/lib/async-state';
import { theme } from '@/theme/theme';

export const Crumbs = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin: -8px 0 16px;
  font-size: ${theme.font.sm};
  a + a::before, a + span::before { content: '›'; margin-right: 8px; color: ${theme.color.subText}; }
`;

export const Steps = styled.nav`
  display: flex;
  gap: 16px;
  margin: 0 0 16px;
`;

/** The page until its data is here: the 403/404 page, the failure, or a wait. */
export function Waiting({ title, state }: { title: string; state: AsyncState<unknown> }) {
  const denied = !state.loading && deniedPage(state.error);
  if (denied) return denied;
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {state.loading || !state.error ? <Muted>読み込み中…</Muted> : <ErrorAlert error={state.error} />}
    </>
  );
}

/** The page title, naming the company when the staff look at it. */
export function UsageTitle({ children, company }: { children: ReactNode; company: string | null }) {
  return (
    <PageTitle>
      {children}
      {company && <small style={{ marginLeft: 12, fontSize: theme.font.md }}>{company}</small>}
    </PageTitle>
  );
}

/** ご利用金額 › 2026年 › 11月 — each step a link but the last. */
export function UsageCrumbs({ steps }: { steps: { label: string; to?: string }[] }) {
  return (
    <Crumbs aria-label="ご利用金額の階層">
      {steps.map((step) => (step.to ? <Link key={step.label} to={step.to}>{step.label}</Link> : <span key={step.label}>{step.label}</span>))}
    </Crumbs>
  );
}
