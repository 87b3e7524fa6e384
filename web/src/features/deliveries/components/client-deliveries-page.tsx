import { useEffect } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { List, ListRow } from '@/components/list';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { href } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { TASK_STATUS_LABEL } from '@/lib/tasks';
import { useCatchUp } from '@/lib/socket';
import { useDeliveryRegistered } from '../live';
import { useDeliveries } from '../store';

/** The client's deliveries, newest first, following new ones live. */
export function ClientDeliveriesPage({ clientId }: { clientId: number }) {
  const { list, page, lastPage, fetchPage, refresh } = useDeliveries();
  useEffect(() => {
    void fetchPage(clientId, 1);
  }, [clientId, fetchPage]);
  useCatchUp(() => void refresh(clientId));
  useDeliveryRegistered(() => void refresh(clientId));

  return (
    <>
      <PageTitle>納品一覧</PageTitle>
      <Panel title="納品">
        <ErrorAlert error={list.error} />
        {!list.loading && list.data.length === 0 && <Muted>納品はまだありません。</Muted>}
        <List data-testid="delivery-list">
          {list.data.map((delivery) => (
            <ListRow key={delivery.id}>
              <div>
                <Link to={href('task', { taskId: delivery.taskId })}>
                  <strong>{delivery.taskTitle}</strong>
                </Link>
                <br />
                <small>
                  {delivery.projectName} / {delivery.workName}・{delivery.userName}・{formatDateTime(delivery.createdAt)}
                </small>
                <br />
                <small>
                  {delivery.type === 'external' && delivery.url ? (
                    <a href={delivery.url} target="_blank" rel="noopener noreferrer">
                      {delivery.url}
                    </a>
                  ) : (
                    `${delivery.manuscriptVersionName ? `原稿「${delivery.manuscriptVersionName}」を納品・` : ''}ファイル ${delivery.files.map((f) => f.name).join('、') || '—'}`
                  )}
                </small>
              </div>
              <Badge>{TASK_STATUS_LABEL[delivery.taskStatus] ?? delivery.taskStatus}</Badge>
            </ListRow>
          ))}
        </List>
        {page < lastPage && (
          <Button type="button" $size="sm" disabled={list.loading} onClick={() => fetchPage(clientId, page + 1)}>
            さらに読み込む
          </Button>
        )}
      </Panel>
    </>
  );
}
