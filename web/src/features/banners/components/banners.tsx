import { Link } from 'react-router';
import styled from 'styled-components';
import { theme } from '@/theme/theme';
import { useBanners } from '../store';

const Stack = styled.div`
  position: fixed;
  top: 12px;
  left: 50%;
  transform: translateX(-50%);
  z-index: ${theme.layer.flash};
  display: flex;
  flex-direction: column;
  gap: 8px;
  width: min(640px, 92vw);
`;
const Item = styled.div<{ $error: boolean }>`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 10px 14px;
  border-radius: 5px;
  color: ${theme.color.white};
  background: ${(p) => (p.$error ? theme.color.alert : theme.color.brand)};
  box-shadow: ${theme.shadow.banner};
`;
const Go = styled(Link)`
  color: inherit;
  font-weight: ${theme.font.bold};
  margin-left: 12px;
  white-space: nowrap;
`;
const Close = styled.button`
  border: none;
  background: transparent;
  color: inherit;
  font-size: ${theme.font.lg};
  cursor: pointer;
`;

export function Banners() {
  const { flashes, errors, dismissFlash, dismissError } = useBanners();
  if (!flashes.length && !errors.length) return null;
  return (
    <Stack>
      {errors.map((e) => (
        <Item key={e.id} $error role="alert" data-testid="error-banner">
          <span>{e.message}</span>
          <Close aria-label="閉じる" onClick={() => dismissError(e.id)}>×</Close>
        </Item>
      ))}
      {flashes.map((f) => (
        <Item key={f.id} $error={false} role="status" data-testid="flash">
          <span>
            {f.message}
            {f.link && (
              <Go to={f.link.to} onClick={() => dismissFlash(f.id)}>
                {f.link.label}
              </Go>
            )}
          </span>
          <Close aria-label="閉じる" onClick={() => dismissFlash(f.id)}>×</Close>
        </Item>
      ))}
    </Stack>
  );
}
