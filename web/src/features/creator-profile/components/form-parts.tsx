/** What the creator-information forms share: the small layout pieces and the save failure's fallback text. */
import styled from 'styled-components';
import { Button } from '@/components/button';
import { theme } from '@/theme/theme';

export const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 16px;
`;

export const Group = styled.fieldset`
  border: none;
  margin: 0 0 20px;
  padding: 0;
  min-width: 0;
  legend { font-weight: ${theme.font.bold}; padding: 0; margin-bottom: 6px; }
`;

export const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
`;

export const Nested = styled.div`
  margin: 0 0 8px 26px;
  padding-left: 12px;
  border-left: 2px solid ${theme.color.border};
`;

const Problem = styled.p`
  margin: 4px 0 0;
  color: ${theme.color.alert};
  font-size: ${theme.font.sm};
`;

/** An error under a group of controls (checkboxes, rows) that has no single control to describe. */
export function GroupError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <Problem role="alert" id={id}>
      {message}
    </Problem>
  );
}

export function SaveButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <Actions>
      <Button type="submit" $variant="primary" disabled={busy}>
        {label}
      </Button>
    </Actions>
  );
}

/** What a failed save says when the server gave no reason of its own. */
export const SAVE_FAILED = '保存に失敗しました。';
