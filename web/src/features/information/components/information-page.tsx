/** `/information`: the notices for the user's role, newest first; staff also see scheduled ones, add and delete. */
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Modal } from '@/components/modal';
import { Muted, PageHead, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { List } from '@/components/list';
import { href } from '@/config/paths';
import { formatDate, formatDateTime } from '@/lib/format';
import { theme } from '@/theme/theme';
import { useCatchUp } from '@/lib/socket';
import { audienceLabel } from '../schema';
import { useInformation } from '../store';
import type { InformationItem } from '../types';
import { informationAnchor } from './information-title';

const Item = styled.li`
  padding: 12px 0;
  border-bottom: 1px solid ${theme.color.border};
  overflow-wrap: anywhere;
`;
const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 8px 16px;
  time { color: ${theme.color.subText}; font-variant-numeric: tabular-nums; min-width: 80px; }
  > :nth-child(2) { flex: 1; min-width: 200px; }
`;
const TitleButton = styled.button`
  border: none;
  background: none;
  padding: 0;
  font: inherit;
  font-weight: ${theme.font.bold};
  color: ${theme.color.text};
  text-align: left;
  cursor: pointer;
  &::before { content: '▸ '; color: ${theme.color.subText}; }
  &[aria-expanded='true']::before { content: '▾ '; }
`;
const TitleLink = styled.a`
  font-weight: ${theme.font.bold};
  color: ${theme.color.brandDark};
  &::after { content: ' ↗'; font-weight: ${theme.font.regular}; }
`;
const Body = styled.div`
  margin: 8px 0 0 96px;
  white-space: pre-wrap;
  line-height: 1.7;
  ${theme.media.phone} { margin-left: 0; }
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 16px;
`;

interface Props {
  /** Managers and admins: scheduled posts too, the add link and deleting. */
  canManage: boolean;
}

export function InformationPage({ canManage }: Props) {
  const { list, remove, fetchList, removePost } = useInformation();
  const [page, setPage] = useState(1);
  useEffect(() => {
    void fetchList(page, canManage);
  }, [fetchList, page, canManage]);
  useCatchUp(() => void fetchList(page, canManage));
  const { hash } = useLocation();
  // A post's text opens by its anchor (the dialog's title links) or by a click, which toggles it.
  const anchored = /^#information-(\d+)$/.exec(hash)?.[1];
  const [toggled, setToggled] = useState<ReadonlySet<number>>(new Set());
  const isOpen = (id: number) => toggled.has(id) !== (String(id) === anchored);
  const toggle = (id: number) =>
    setToggled((known) => {
      const next = new Set(known);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const [deleting, setDeleting] = useState<InformationItem | null>(null);
  const loaded = list.data !== null;
  useEffect(() => {
    if (anchored && loaded) document.getElementById(`information-${anchored}`)?.scrollIntoView?.({ block: 'start' });
  }, [anchored, loaded]);

  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    setDeleting(null);
    await removePost(target.id);
  };

  const items = list.data?.information ?? [];
  return (
    <div>
      <PageHead>
        <PageTitle>お知らせ</PageTitle>
        {canManage && <Link to={href('informationAdd')}>お知らせを追加</Link>}
      </PageHead>
      <Panel title="お知らせ一覧" testId="information-list">
        <ErrorAlert error={list.error} />
        <ErrorAlert error={remove.error} />
        {list.data && items.length === 0 && <Muted>お知らせはまだありません。</Muted>}
        {items.length > 0 && (
          <List>
            {items.map((item) => {
              const open = isOpen(item.id);
              const bodyId = `${informationAnchor(item.id)}-body`;
              return (
                <Item key={item.id} id={informationAnchor(item.id)} data-testid="information-item">
                  <Head>
                    <time dateTime={item.scheduledStartDate}>{formatDate(item.scheduledStartDate)}</time>
                    {item.url ? (
                      <TitleLink href={item.url} target="_blank" rel="noopener noreferrer">
                        {item.title}
                      </TitleLink>
                    ) : (
                      <TitleButton type="button" aria-expanded={open} aria-controls={bodyId} onClick={() => toggle(item.id)}>
                        {item.title}
                      </TitleButton>
                    )}
                    {canManage && item.isPublished === false && <Badge $tone="alert">公開予定 {formatDateTime(item.scheduledStartDate)}</Badge>}
                    {canManage && <Badge $tone="muted">対象: {audienceLabel(item.audienceRoles)}</Badge>}
                    {canManage && (
                      <Button type="button" $size="xsm" $minWidth={60} $variant="warning" $outlined onClick={() => setDeleting(item)} disabled={remove.loading}>
                        削除
                      </Button>
                    )}
                  </Head>
                  {!item.url && open && item.body && <Body id={bodyId}>{item.body}</Body>}
                </Item>
              );
            })}
          </List>
        )}
        {list.data && <Pager paging={list.data} disabled={list.loading} onPage={setPage} />}
      </Panel>
      {deleting && (
        <Modal title="このお知らせを削除しますか？" onClose={() => setDeleting(null)} width={520} testId="confirm-delete-information">
          <p>「{deleting.title}」を削除します。削除したお知らせは一覧に表示されなくなります。</p>
          <Actions>
            <Button type="button" onClick={() => setDeleting(null)}>
              キャンセル
            </Button>
            <Button type="button" $variant="warning" onClick={() => void confirmDelete()}>
              削除する
            </Button>
          </Actions>
        </Modal>
      )}
    </div>
  );
}
