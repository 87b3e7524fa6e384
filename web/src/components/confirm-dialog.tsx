/**
 * The app's own confirmation before a destructive or weighty action (never the browser's
 * `confirm()`, which cannot be styled, reads in the browser's language and blocks the page).
 * `useConfirm` asks and answers a promise, so a handler reads as before:
 * `if (!(await confirm({ title: '…を削除しますか？' }))) return;`.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 20px;
`;

export interface ConfirmOptions {
  /** The question (the dialog's title): 「このメッセージを削除しますか？」. */
  title: string;
  /** What follows from saying yes, when it needs saying. */
  message?: ReactNode;
  /** The button that goes ahead (default 「削除する」). */
  confirmLabel?: string;
  /** `warning` (default) for what cannot be undone, `primary` otherwise. */
  variant?: Extract<ButtonVariant, 'warning' | 'primary'>;
  /** Dialog width in px (default 480). */
  width?: number;
  testId?: string;
}

interface ConfirmDialogProps extends ConfirmOptions {
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmation is on its way: the button waits. */
  busy?: boolean;
}

export function ConfirmDialog({ title, message, confirmLabel = '削除する', variant = 'warning', width = 480, testId = 'confirm-dialog', onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  return (
    <Modal title={title} onClose={onCancel} width={width} testId={testId}>
      {typeof message === 'string' ? <p>{message}</p> : message}
      <Actions>
        <Button type="button" $minWidth={100} onClick={onCancel}>
          キャンセル
        </Button>
        <Button type="button" $variant={variant} $minWidth={100} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Actions>
    </Modal>
  );
}

/** `confirm(options)` opens the dialog and resolves true (go ahead) or false (cancel, Escape); render `dialog`. */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [asking, setAsking] = useState<ConfirmOptions | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const confirm = useCallback((options: ConfirmOptions) => {
    // A second question replaces an unanswered one, which counts as cancelled.
    answer.current?.(false);
    setAsking(options);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);
  const settle = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setAsking(null);
  };
  const dialog = asking ? <ConfirmDialog {...asking} onConfirm={() => settle(true)} onCancel={() => settle(false)} /> : null;
  return { confirm, dialog };
}
