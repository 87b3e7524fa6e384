/** `/admins/reward_confirmation`: staff close a month — after that its statements are stored and never change. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Modal } from '@/components/modal';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { href } from '@/config/paths';
import { displayDate } from '@/lib/calendar';
import { formatDateTime, formatNumber, formatYen } from '@/lib/format';
import { theme } from '@/theme/theme';
import { useCatchUp } from '@/lib/socket';
import { useRewardConfirmations } from '../store';
import type { AwaitingInspection } from '../types';
import { RewardSettingsPanel } from './reward-settings-panel';

const Form = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 16px;
  > :first-child { min-width: 200px; }
`;
const Done = styled.p`
  color: ${theme.color.brandDark};
  font-weight: 600;
`;

const Warning = styled.div`
  background: ${theme.color.warningTint};
  border-left: 4px solid ${theme.color.alert};
  border-radius: 4px;
  padding: 8px 12px;
  margin: 12px 0;
  p { margin: 0 0 4px; }
  ul { margin: 4px 0 0; padding-left: 20px; }
`;

/** The month's deliveries not inspected yet: confirming now pays them later than promised. */
function AwaitingWarning({ awaiting }: { awaiting: AwaitingInspection }) {
  if (awaiting.total === 0) return <Muted data-testid="awaiting-inspection">この月に受領した納品はすべて検収済みです。</Muted>;
  return (
    <Warning role="note" data-testid="awaiting-inspection">
      <p>
        {awaiting.year}年{awaiting.month}月に受領した納品のうち、<strong>{formatNumber(awaiting.total)}件</strong>がまだ検収されていません。
        確定後に検収されたタスクは翌月以降のお支払いとなり、発注書の支払期日（受領月の翌月末日）を過ぎます。クライアントに検収を依頼してから確定してください。
      </p>
      <ul>
        {awaiting.tasks.map((task) => (
          <li key={task.taskId}>
            <Link to={href('task', { taskId: task.taskId })}>{task.title}</Link>（{task.clientName}／{task.projectName}・受領 {displayDate(task.receivedOn)}）
          </li>
        ))}
      </ul>
      {awaiting.total > awaiting.tasks.length && <Muted>ほか{formatNumber(awaiting.total - awaiting.tasks.length)}件</Muted>}
    </Warning>
  );
}

const toMonthInput = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

function parseMonthInput(value: string): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

export function RewardConfirmationPage() {
  const { list, confirm, awaiting, fetchList, fetchAwaiting, confirmMonth } = useRewardConfirmations();
  const [page, setPage] = useState(1);
  useEffect(() => {
    void fetchList(page);
  }, [fetchList, page]);
  useCatchUp(() => void fetchList(page));
  const latest = list.data?.latestConfirmable;
  // The chosen month; until the person picks one, the newest month that has ended.
  const [picked, setPicked] = useState<string | null>(null);
  const value = picked ?? (latest ? toMonthInput(latest.year, latest.month) : '');
  const target = parseMonthInput(value);
  const alreadyConfirmed = target && list.data?.rewardConfirmations.some((c) => c.year === target.year && c.month === target.month);
  const targetYear = target?.year;
  const targetMonth = target?.month;
  useEffect(() => {
    if (targetYear !== undefined && targetMonth !== undefined && !alreadyConfirmed) void fetchAwaiting(targetYear, targetMonth);
  }, [fetchAwaiting, targetYear, targetMonth, alreadyConfirmed]);
  // Only the answer for the month on screen (a slower answer for an earlier pick is ignored).
  const awaitingNow = !alreadyConfirmed && awaiting.data && awaiting.data.year === targetYear && awaiting.data.month === targetMonth ? awaiting.data : null;
  const [asking, setAsking] = useState(false);
  const [confirmedLabel, setConfirmedLabel] = useState<string | null>(null);

  const submit = async () => {
    if (!target) return;
    setAsking(false);
    const confirmed = await confirmMonth(target.year, target.month);
    if (confirmed) setConfirmedLabel(`${confirmed.year}年${confirmed.month}月の報酬を確定しました（${formatNumber(confirmed.statementCount)}名・${formatYen(confirmed.totalRewardAmount)}）。`);
  };

  return (
    <div>
      <PageTitle>月次報酬の確定</PageTitle>
      <Panel title="月を選んで確定">
        <Muted>
          確定すると、その月に完了したタスクの報酬がクリエイターごとに保存され、以後タスクを修正しても金額は変わりません。確定した月の日付をタスクの完了日に指定することもできなくなります。
          検収されたタスクは納品を受領した日に完了したものとして、受領月の翌月末にお支払いします。
        </Muted>
        <Form>
          <TextField
            label="対象月"
            type="month"
            value={value}
            max={latest ? toMonthInput(latest.year, latest.month) : undefined}
            onChange={(event) => {
              setPicked(event.target.value);
              setConfirmedLabel(null);
            }}
            error={alreadyConfirmed ? 'この月は確定済みです。' : null}
          />
          <Button type="button" $variant="primary" disabled={!target || Boolean(alreadyConfirmed) || confirm.loading} onClick={() => setAsking(true)}>
            {confirm.loading ? '確定しています…' : '報酬を確定する'}
          </Button>
        </Form>
        {awaitingNow && <AwaitingWarning awaiting={awaitingNow} />}
        {!alreadyConfirmed && <ErrorAlert error={awaiting.error} />}
        {confirmedLabel && <Done role="status">{confirmedLabel}</Done>}
        <ErrorAlert error={confirm.error} />
      </Panel>
      {asking && target && (
        <Modal title={`${target.year}年${target.month}月の報酬を確定しますか？`} onClose={() => setAsking(false)} width={520} testId="confirm-rewards">
          <p>確定後は取り消せません。この月の報酬額がすべてのクリエイターについて確定されます。</p>
          {awaitingNow && awaitingNow.total > 0 && (
            <p>
              <strong>検収待ちの納品が{formatNumber(awaitingNow.total)}件あります。</strong>これらは確定後に検収されると、翌月以降のお支払いになります。
            </p>
          )}
          <Form>
            <Button type="button" onClick={() => setAsking(false)}>
              キャンセル
            </Button>
            <Button type="button" $variant="primary" onClick={() => void submit()}>
              確定する
            </Button>
          </Form>
        </Modal>
      )}
      <Panel title="確定済みの月">
        <ErrorAlert error={list.error} />
        {list.data && list.data.rewardConfirmations.length === 0 && <Muted>まだ確定した月はありません。月が終わったら、上の欄から確定してください。</Muted>}
        {list.data && list.data.rewardConfirmations.length > 0 && (
          <DataTable data-testid="confirmations">
            <thead>
              <tr>
                <th>対象月</th>
                <th>確定日時</th>
                <th>確定者</th>
                <th className="number">対象者数</th>
                <th className="number">お振込金額の合計</th>
              </tr>
            </thead>
            <tbody>
              {list.data.rewardConfirmations.map((c) => (
                <tr key={c.id} data-testid="confirmation">
                  <td>
                    {c.year}年{c.month}月
                  </td>
                  <td>{formatDateTime(c.confirmedAt)}</td>
                  <td>{c.confirmedByName ?? '—'}</td>
                  <td className="number">{formatNumber(c.statementCount)}名</td>
                  <td className="number">{formatYen(c.totalRewardAmount)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        {list.data && <Pager paging={list.data} disabled={list.loading} onPage={setPage} />}
      </Panel>
      <RewardSettingsPanel />
    </div>
  );
}
