/** A select with search: a combobox button that opens a listbox, filtered by typing, chosen by mouse or keyboard. */
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { toHalfWidthDigits } from '@/lib/format';
import { theme } from '@/theme/theme';
import { controlBox, FieldShell, type FieldProps, focusRing, useFieldIds } from './form-field';

export interface SelectOption {
  value: string;
  label: string;
}

const Anchor = styled.div`
  position: relative;
`;
const Trigger = styled.button`
  ${controlBox}
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  text-align: left;
  cursor: pointer;
  span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  span.placeholder { color: ${theme.color.placeholder}; }
  &::after {
    content: '';
    flex-shrink: 0;
    width: 8px;
    height: 8px;
    border-right: 2px solid ${theme.color.subText};
    border-bottom: 2px solid ${theme.color.subText};
    transform: translateY(-2px) rotate(45deg);
  }
  &[aria-expanded='true'] { ${focusRing} }
`;
export const Popup = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  right: 0;
  z-index: ${theme.layer.hover};
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.button.radius}px;
  box-shadow: ${theme.shadow.popover};
  overflow: hidden;
`;
const Search = styled.input`
  ${controlBox}
  border: none;
  border-bottom: 1px solid ${theme.color.border};
  border-radius: 0;
  &:focus-visible { box-shadow: none; border-color: ${theme.color.brand}; }
`;
export const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: 4px 0;
  max-height: ${theme.size.dropdownMax}px;
  overflow-y: auto;
  &:focus-visible { outline: none; }
  li[role='option'] {
    padding: 8px 12px;
    cursor: pointer;
    &[data-active='true'] { background: ${theme.color.brandTint}; }
    &[aria-selected='true'] { font-weight: ${theme.font.bold}; color: ${theme.color.brandDark}; }
    &[aria-selected='true']::after { content: ' ✓'; }
  }
  li.empty { padding: 8px 12px; color: ${theme.color.subText}; }
`;

/** Case, width and spacing do not matter when matching what was typed. */
export const matchKey = (text: string): string => toHalfWidthDigits(text).toLowerCase().replace(/\s+/g, '');

/** Where a key moves the active row of a list of `count` rows (null: the key is not a move). */
export function moveActive(key: string, active: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(active + 1, count - 1);
    case 'ArrowUp':
      return Math.max(active - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(active + 5, count - 1);
    case 'PageUp':
      return Math.max(active - 5, 0);
    default:
      return null;
  }
}

interface SelectProps extends FieldProps {
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** A search box above the options; on by default for longer lists and with `onSearch`. */
  searchable?: boolean;
  /** The options come from a search elsewhere (the server): each typed query is reported, and the options are shown as given. */
  onSearch?: (query: string) => void;
  disabled?: boolean;
}

export function Select({ options, value, onChange, placeholder = '選択してください', searchable, onSearch, disabled, ...field }: SelectProps) {
  const ids = useFieldIds(field.id, field.hint, field.error);
  const listId = `${useId()}-list`;
  const withSearch = searchable ?? (!!onSearch || options.length > 7);
  const filter = (typed: string) => (typed && !onSearch ? options.filter((o) => matchKey(o.label).includes(matchKey(typed))) : options);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const trigger = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const shown = filter(query);
  const selected = options.find((o) => o.value === value);
  const activeId = shown[active] ? `${listId}-${active}` : undefined;

  const openWith = (typed: string) => {
    const visible = filter(typed);
    setQuery(typed);
    onSearch?.(typed);
    setActive(Math.max(0, visible.findIndex((o) => o.value === value)));
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    if (refocus) trigger.current?.focus();
  };
  const choose = (option: SelectOption | undefined) => {
    if (!option) return;
    if (option.value !== value) onChange(option.value);
    close(true);
  };

  useEffect(() => {
    if (!open) return;
    (withSearch ? search.current : list.current)?.focus();
  }, [open, withSearch]);
  useEffect(() => {
    if (open && activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, activeId]);

  const onTriggerKey = (event: KeyboardEvent) => {
    if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
      event.preventDefault();
      openWith('');
    } else if (withSearch && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      openWith(event.key);
    }
  };
  const onListKey = (event: KeyboardEvent) => {
    const inSearch = event.target === search.current;
    // In the search box Home and End move the caret, as in any text box.
    const next = inSearch && (event.key === 'Home' || event.key === 'End') ? null : moveActive(event.key, active, shown.length);
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter' || (event.key === ' ' && !inSearch)) {
      event.preventDefault();
      choose(shown[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };
  // Focus leaving the whole control (a click elsewhere, Tab) closes it.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) close(false);
  };

  return (
    <FieldShell {...field} ids={ids}>
      <Anchor onBlur={onBlur}>
        <Trigger
          ref={trigger}
          id={ids.controlId}
          type="button"
          role="combobox"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-labelledby={ids.labelId}
          aria-describedby={ids.describedBy}
          aria-invalid={field.error ? true : undefined}
          data-value={value}
          disabled={disabled}
          onClick={() => (open ? close(true) : openWith(''))}
          onKeyDown={onTriggerKey}
        >
          {selected ? <span>{selected.label}</span> : <span className="placeholder">{placeholder}</span>}
        </Trigger>
        {open && (
          <Popup>
            {withSearch && (
              <Search
                ref={search}
                type="search"
                aria-label={`${field.label}を検索`}
                aria-controls={listId}
                aria-activedescendant={activeId}
                placeholder="検索"
                value={query}
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActive(0);
                  onSearch?.(e.target.value);
                }}
                onKeyDown={onListKey}
              />
            )}
            <Options
              ref={list}
              id={listId}
              role="listbox"
              aria-labelledby={ids.labelId}
              tabIndex={-1}
              aria-activedescendant={withSearch ? undefined : activeId}
              onKeyDown={withSearch ? undefined : onListKey}
            >
              {shown.length === 0 && <li className="empty">該当する項目がありません</li>}
              {shown.map((option, index) => (
                <li
                  key={option.value}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={option.value === value}
                  data-active={index === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  {option.label}
                </li>
              ))}
            </Options>
          </Popup>
        )}
      </Anchor>
    </FieldShell>
  );
}
