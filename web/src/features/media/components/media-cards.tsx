/** Media as cards linking to their pages: a client's 「媒体」 and a company's media list. */
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { CardGrid } from '@/components/list';
import { href } from '@/config/paths';
import { theme } from '@/theme/theme';
import { PAYMENT_SCHEDULE_LABEL } from '../schema';
import type { MediaSummary } from '../types';

const Card = styled.li`
  background: ${theme.color.white};
  border-top: 5px solid ${theme.color.brand};
  border-radius: 4px;
  box-shadow: ${theme.shadow.card};
  padding: 16px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  h2 { margin: 0; font-size: ${theme.font.xl}; }
  h2 a { color: ${theme.color.text}; text-decoration: none; }
  p { margin: 0; color: ${theme.color.subText}; font-size: ${theme.font.sm}; }
  nav { display: flex; gap: 12px; flex-wrap: wrap; margin-top: auto; }
`;

export function MediaCards({ media, editHref }: { media: MediaSummary[]; editHref?: (m: MediaSummary) => string }) {
  return (
    <CardGrid $min={260} $gap={16} data-testid="media-cards">
      {media.map((m) => (
        <Card key={m.id} data-testid="media-card">
          <h2>
            <Link to={href('mediaDetails', { mediaId: m.id })}>{m.name}</Link>
          </h2>
          <div>
            {m.genreGroup && <Badge>{m.genreGroup.name}</Badge>} <Badge $tone="muted">{PAYMENT_SCHEDULE_LABEL[m.paymentSchedule]}</Badge>
          </div>
          {m.description && <p>{m.description}</p>}
          <p>
            チーム {m.teamCount}・メンバー {m.memberCount}
          </p>
          <nav aria-label={`${m.name} のページ`}>
            <Link to={href('mediaDetails', { mediaId: m.id })}>詳細</Link>
            <Link to={href('mediaTeams', { mediaId: m.id })}>チーム</Link>
            <Link to={href('mediaInformation', { mediaId: m.id })}>インフォメーション</Link>
            <Link to={href('mediaMembers', { mediaId: m.id })}>メンバー</Link>
            {editHref && <Link to={editHref(m)}>編集</Link>}
          </nav>
        </Card>
      ))}
    </CardGrid>
  );
}
