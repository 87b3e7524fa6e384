/** A post's title as a link: to its URL (a new tab) when it has one, else to its text on /information. */
import { Link } from 'react-router';
import { href } from '@/config/paths';
import type { InformationItem } from '../types';

/** The anchor of a post on /information, which opens its text there. */
export const informationAnchor = (id: number): string => `information-${id}`;

export function InformationTitle({ item, onFollow }: { item: InformationItem; onFollow?: () => void }) {
  if (item.url) {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" onClick={onFollow}>
        {item.title}
      </a>
    );
  }
  return (
    <Link to={{ pathname: href('information'), hash: `#${informationAnchor(item.id)}` }} onClick={onFollow}>
      {item.title}
    </Link>
  );
}
