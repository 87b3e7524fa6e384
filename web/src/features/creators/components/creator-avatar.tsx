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
  background: #e7f5ec;
  color: ${theme.color.brandDark};
  font-weight: ${theme.font.bold};
  img { width: 100%; height: 100%; object-fit: cover; }
`;

/** A creator's image when it passed the virus scan, else the first letter of their name. */
export function CreatorAvatar({ name, image, size = 56 }: { name: string; image: ImageFile | null; size?: number }) {
  return (
    <Circle $size={size} aria-hidden>
      {image?.antiVirusCheckScanStatus === 'clean' ? <img src={`/api/images/${image.path}?width=${size * 2}&height=${size * 2}`} alt="" /> : name.slice(0, 1)}
    </Circle>
  );
}
