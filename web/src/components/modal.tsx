/**
 * A modal dialog over the page: the page behind is dimmed and unreachable, focus stays inside
 * (Tab and Shift+Tab wrap), Escape closes it, and focus returns where it was when it closes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.layer.modal};
  background: ${theme.color.backdrop};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
`;
const Dialog = styled.div<{ $width: number }>`
  width: min(${(p) => p.$width}px, 100%);
  max-height: calc(100vh - 32px);
  overflow-y: auto;
  background: ${theme.color.white};
  border-top: 5px solid ${theme.color.brand};
  border-radius: 8px;
  box-shadow: ${theme.shadow.modal};
  padding: 24px;
  &:focus-visible { outline: none; }
  h2 { margin: 0 0 8px; font-size: ${theme.font.xxl}; }
`;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Dialog width in px (the spec's modal is 1040). */
  width?: number;
  testId?: string;
}

export function Modal({ title, onClose, children, width = theme.size.modal, testId }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });

  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const box = dialog.current;
    (box?.querySelector<HTMLElement>('input:checked') ?? box?.querySelector<HTMLElement>(FOCUSABLE) ?? box)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        latestClose.current();
        return;
      }
      if (event.key !== 'Tab' || !box) return;
      const focusable = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !box.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !box.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);

  return (
    <Overlay>
      <Dialog ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} $width={width} data-testid={testId}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </Dialog>
    </Overlay>
  );
}
