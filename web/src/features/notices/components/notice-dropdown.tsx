import type { UIEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { CountBadge } from '@/components/badge';
import { useDropdown } from '@/components/dropdown';
import { VisuallyHidden } from '@/components/form-field';
import { PopoverHead } from '@/components/popover-head';
import type { NoticeGroup } from '@/lib/events';
import { formatDate } from '@/lib/format';
import { noticeColor, theme } from '@/theme/theme';
import { useNotices } from '../store';
import { noticeTarget } from '../target';
import type { Notice } from '../types';

const Wrap = styled.div`
  position: relative;
`;
const Trigger = styled.button`
  position: relative;
  border: none;
  background: transparent;
  cursor: pointer;
  font-size: 22px;
  padding: 4px 8px;
`;
const Badge = styled(CountBadge)`
  position: absolute;
  top: -2px;
  right: 0;
  min-width: 18px;
  padding: 0 4px;
  border-radius: 9px;
  line-height: 18px;
`;const Menu = styled.div`
  position: absolute;
  right: 0;
  top: 40px;
  width: ${theme.size.noticeDropdown}px;
  height: ${theme.size.noticeDropdown}px;
  overflow-y: auto;
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: 6px;
  box-shadow: ${theme.shadow.popover};
  z-index: ${theme.layer.dialog};
  ${theme.media.phone} {
    /* The header is the frame here (it is transformed): the list spans the screen below it. */
    position: fixed;
    top: ${theme.size.headerMobile}px;
    left: 8px;
    right: 8px;
    width: auto;
  }
`;
const MenuHead = PopoverHead;
const Item = styled.button<{ $color: string; $read: boolean }>`
  display: block;
  width: 100%;
  text-align: left;
  border: none;
  border-left: 4px solid ${(p) => p.$color};
  background: ${(p) => (p.$read ? theme.color.white : theme.color.unreadTint)};
  padding: 8px 12px;
  cursor: pointer;
  border-bottom: 1px solid ${theme.color.border};
  small {
    color: ${theme.color.subText};
    display: block;
  }
`;

const LABEL: Record<NoticeGroup, { icon: string; title: string; testId: string }> = {
  task: { icon: '🔔', title: 'タスクのお知らせ', testId: 'bell' },
  message: { icon: '✉️', title: 'メッセージのお知らせ', testId: 'envelope' },
};

const camelType = (type: string) => type.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The bell (task notices) or the envelope (message notices) with its 360×360 dropdown. */
export function NoticeDropdown({ group }: { group: NoticeGroup }) {
  const state = useNotices((s) => s[group]);
  const { fetchPage, readAll, readOne } = useNotices();
  const { open, setOpen, wrap, trigger, panel, onPanelKeyDown } = useDropdown<HTMLButtonElement, HTMLDivElement>();
  const navigate = useNavigate();
  const label = LABEL[group];

  const toggle = () => {
    if (!open) void fetchPage(group, 1);
    setOpen(!open);
  };
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollTop + el.clientHeight >= el.scrollHeight - 8 && !state.loading && state.page < state.lastPage) {
      void fetchPage(group, state.page + 1);
    }
  };
  const openNotice = async (notice: Notice) => {
    if (!notice.isRead) await readOne(group, notice.id);
    const to = noticeTarget(notice);
    setOpen(false);
    if (to) navigate(to);
  };

  return (
    <Wrap ref={wrap}>
      <Trigger ref={trigger} data-testid={label.testId} onClick={toggle} aria-haspopup="dialog" aria-expanded={open}>
        <span aria-hidden>{label.icon}</span>
        <VisuallyHidden>{label.title}</VisuallyHidden>
        {state.unreadCount > 0 && (
          <>
            <Badge data-testid={`${label.testId}-count`}>{state.unreadCount}</Badge>
            <VisuallyHidden>件未読</VisuallyHidden>
          </>
        )}
      </Trigger>
      {open && (
        // A panel of buttons (not an ARIA menu): the read-all button, then one button per notice.
        <Menu ref={panel} onScroll={onScroll} role="dialog" aria-label={label.title} onKeyDown={onPanelKeyDown}>
          <MenuHead>
            <span>{label.title}</span>
            <button type="button" onClick={() => readAll(group)}>すべて既読にする</button>
          </MenuHead>
          {state.data.length === 0 && !state.loading && <p style={{ padding: 12 }}>お知らせはありません</p>}
          {state.data.map((notice) => (
            <Item key={notice.id} $color={noticeColor[camelType(notice.type)] ?? theme.color.second} $read={notice.isRead} onClick={() => openNotice(notice)}>
              <small>{formatDate(notice.notificationDate)}</small>
              {notice.message}
            </Item>
          ))}
          {state.loading && <p style={{ padding: 12 }}>読み込み中…</p>}
        </Menu>
      )}
    </Wrap>
  );
}
