import styled from 'styled-components';
import type { ImageFile } from '@/lib/files';
import { theme } from '@/theme/theme';

const Circle = styled.span<{ $size: number }>`
  flex-shrink: 0;
  width: ${(p) => p.$size}px;
  height: ${(p) => p.$size}px;
  border-radius: 50%;
  overflow: hidden;
  display: inline-grid;
  place-items: center;
  background: ${theme.color.background};
  color: ${theme.color.brandDark};
  font-weight: ${theme.font.bold};
  img { width: 100%; height: 100%; object-fit: cover; }
`;

/**
 * A person's round image (a creator's card, a guest's member list) when it passed the virus scan,
 * else the first letter of their name. Decorative: the name is always written beside it.
 */
export function PersonAvatar({ name, image, size = 56 }: { name: string; image: ImageFile | null; size?: number }) {
  return (
    <Circle $size={size} aria-hidden>
      {image?.antiVirusCheckScanStatus === 'clean' ? <img src={`/api/images/${image.path}?width=${size * 2}&height=${size * 2}`} alt="" /> : name.slice(0, 1)}
    </Circle>
  );
}
