/** The latest-notices dialog (spec section 2): the posts published since the user last closed it — date, title link — and a link to every notice. */
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { href } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { theme } from '@/theme/theme';
import type { InformationItem } from '../types';
import { InformationTitle } from './information-title';

const Items = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  li {
    display: flex;
    gap: 16px;
    align-items: baseline;
    padding: 10px 0;
    border-bottom: 1px solid ${theme.color.border};
    overflow-wrap: anywhere;
  }
  time {
    flex-shrink: 0;
    color: ${theme.color.subText};
    font-variant-numeric: tabular-nums;
  }
`;
const Footer = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  margin-top: 16px;
  a { color: ${theme.color.brandDark}; font-weight: ${theme.font.bold}; }
`;

interface Props {
  items: InformationItem[];
  /** Closing (or following a link) marks them seen. */
  onClose: () => void;
}

export function LatestInformationDialog({ items, onClose }: Props) {
  return (
    <Modal title="最新のお知らせ" onClose={onClose} width={640} testId="latest-information">
      <Items>
        {items.map((item) => (
          <li key={item.id} data-testid="latest-information-item">
            <time dateTime={item.scheduledStartDate}>{formatDate(item.scheduledStartDate)}</time>
            <InformationTitle item={item} onFollow={onClose} />
          </li>
        ))}
      </Items>
      <Footer>
        <Link to={href('information')} onClick={onClose}>
          もっと見る
        </Link>
        <Button type="button" onClick={onClose}>
          閉じる
        </Button>
      </Footer>
    </Modal>
  );
}
