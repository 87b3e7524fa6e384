/**
 * The one behaviour of every dropdown (the user menu, the bell and the envelope): a trigger
 * toggles it; when it opens by keyboard, focus moves into it; Escape or a click outside closes
 * it, and Escape hands focus back to the trigger; the arrow keys move between its items.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

const ITEMS = '[role="menuitem"], button:not([disabled]), a[href]';

export function useDropdown<Trigger extends HTMLElement = HTMLButtonElement, Panel extends HTMLElement = HTMLElement>() {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const trigger = useRef<Trigger>(null);
  const panel = useRef<Panel>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Opened from the keyboard (focus was on the trigger): the first item takes focus.
  useEffect(() => {
    if (open && document.activeElement === trigger.current && trigger.current?.matches(':focus-visible')) {
      panel.current?.querySelector<HTMLElement>(ITEMS)?.focus();
    }
  }, [open]);

  /** ArrowDown / ArrowUp / Home / End between the panel's items. */
  const onPanelKeyDown = useCallback((event: KeyboardEvent<Panel>) => {
    const items = Array.from(panel.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => {
      event.preventDefault();
      items[(index + items.length) % items.length].focus();
    };
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
  }, []);

  return { open, setOpen, toggle: () => setOpen((was) => !was), wrap, trigger, panel, onPanelKeyDown };
}
