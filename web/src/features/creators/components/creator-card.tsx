import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { href } from '@/config/paths';
import { theme } from '@/theme/theme';
import { AGE_BAND_LABEL, WORK_STATUS_LABEL } from '../labels';
import type { CreatorCard as Card, WorkStatus } from '../types';
import { PersonAvatar } from '@/components/person-avatar';

const Box = styled.li`
  display: flex;
  gap: 14px;
  padding: 14px 16px;
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: 6px;
  min-width: 0;
  a.name { font-weight: ${theme.font.bold}; font-size: ${theme.font.lg}; color: ${theme.color.text}; }
  .facts { color: ${theme.color.subText}; font-size: ${theme.font.sm}; margin: 4px 0; }
  .chips { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 6px; }
`;

export function WorkStatusBadge({ status }: { status: WorkStatus }) {
  const tone = status === 'accepting' || status === 'conditionally_accepting' ? 'brand' : 'muted';
  return (
    <Badge $tone={tone} data-testid="work-status">
      {WORK_STATUS_LABEL[status] ?? status}
    </Badge>
  );
}

/** One search result: public fields only (the server sends nothing else). */
export function CreatorCard({ creator }: { creator: Card }) {
  const facts = [creator.prefectureName, creator.ageBand && AGE_BAND_LABEL[creator.ageBand]].filter(Boolean).join('・');
  return (
    <Box data-testid="creator-card">
      <PersonAvatar name={creator.userName} image={creator.imageFile} />
      <div style={{ minWidth: 0 }}>
        <Link className="name" to={href('creator', { userId: creator.id })}>
          {creator.userName}
        </Link>{' '}
        <WorkStatusBadge status={creator.workStatus} />
        <p className="facts">{facts || '所在地・年代は未登録'}</p>
        {creator.genres.length > 0 && <div className="facts">ジャンル: {creator.genres.join('、')}</div>}
        {creator.tags.length > 0 && (
          <div className="chips">
            {creator.tags.map((tag) => (
              <Badge key={tag.id} $tone="muted">
                #{tag.name}
              </Badge>
            ))}
          </div>
        )}
      </div>
    </Box>
  );
}
