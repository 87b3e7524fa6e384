/**
 * Choosing several people: chosen ones as chips (each removable), the rest found by typing part of
 * a name or an ID into a combobox and picked with the mouse or the arrow keys and Enter.
 */
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';
import { controlBox, FieldShell, type FieldProps, focusRing, useFieldIds } from './form-field';
import { matchKey, moveActive, Options, Popup } from './select';

export interface Person {
  id: number;
  name: string;
  /** A second line (role, company). */
  detail?: string;
}

const Box = styled.div<{ $invalid: boolean }>`
  ${controlBox}
  position: relative;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px;
  padding: 5px 8px;
  cursor: text;
  border-color: ${(p) => (p.$invalid ? theme.color.alert : theme.color.border)};
  &:focus-within { ${focusRing} }
  input {
    flex: 1 1 120px;
    min-width: 80px;
    border: none;
    outline: none;
    font: inherit;
    padding: 4px;
    background: none;
  }
`;
const Chip = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  max-width: 100%;
  padding: 2px 4px 2px 10px;
  border-radius: 14px;
  background: ${theme.color.brandTint};
  color: ${theme.color.brandDark};
  font-size: ${theme.font.sm};
  span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  button {
    border: none;
    background: none;
    width: 22px;
    height: 22px;
    border-radius: 50%;
    cursor: pointer;
    color: inherit;
    font-size: ${theme.font.md};
    line-height: 1;
    &:hover { background: ${theme.color.hoverShade}; }
    &:focus-visible { outline: 2px solid ${theme.color.brand}; }
  }
`;
const Anchor = styled.div`
  position: relative;
`;

interface PeoplePickerProps extends FieldProps {
  people: Person[];
  value: number[];
  onChange: (ids: number[]) => void;
  placeholder?: string;
  disabled?: boolean;
}

export function PeoplePicker({ people, value, onChange, placeholder = '名前またはIDで検索', disabled, ...field }: PeoplePickerProps) {
  const ids = useFieldIds(field.id, field.hint, field.error);
  const listId = `${useId()}-people`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const byId = new Map(people.map((p) => [p.id, p]));
  const chosen = value.map((id) => byId.get(id) ?? { id, name: `ID: ${id}` });
  const key = matchKey(query);
  const shown = people.filter((p) => !value.includes(p.id) && (!key || matchKey(p.name).includes(key) || String(p.id) === key));
  const activeId = open && shown[active] ? `${listId}-${active}` : undefined;

  const add = (person: Person | undefined) => {
    if (!person) return;
    onChange([...value, person.id]);
    setQuery('');
    setActive(0);
    // The list closes so it does not cover what follows; typing or ↓ opens it again.
    setOpen(false);
    input.current?.focus();
  };
  const remove = (id: number) => {
    onChange(value.filter((v) => v !== id));
    input.current?.focus();
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = event.key === 'Home' || event.key === 'End' ? null : moveActive(event.key, active, shown.length);
    if (next !== null) {
      event.preventDefault();
      setOpen(true);
      setActive(open ? next : 0);
    } else if (event.key === 'Enter') {
      // Enter chooses while the list is open; it never submits the form from here.
      event.preventDefault();
      if (open) add(shown[active]);
      else setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Backspace' && query === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <FieldShell {...field} ids={ids}>
      <Anchor onBlur={onBlur}>
        <Box $invalid={!!field.error} onClick={() => input.current?.focus()} data-testid="people-picker">
          {chosen.map((person) => (
            <Chip key={person.id} data-testid="person-chip">
              <span>{person.name}</span>
              <button type="button" aria-label={`${person.name}を外す`} disabled={disabled} onClick={() => remove(person.id)}>
                ×
              </button>
            </Chip>
          ))}
          <input
            ref={input}
            id={ids.controlId}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={activeId}
            aria-describedby={ids.describedBy}
            aria-invalid={field.error ? true : undefined}
            autoComplete="off"
            placeholder={value.length ? '' : placeholder}
            value={query}
            disabled={disabled}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKey}
          />
        </Box>
        {open && (
          <Popup>
            <Options id={listId} role="listbox" aria-labelledby={ids.labelId} aria-multiselectable="true">
              {shown.length === 0 && <li className="empty">{people.length === value.length ? 'すべて選択済みです' : '該当する人がいません'}</li>}
              {shown.map((person, index) => (
                <li
                  key={person.id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={false}
                  data-active={index === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => add(person)}
                >
                  {person.name}
                  {person.detail && <small style={{ color: theme.color.subText, marginLeft: 8 }}>{person.detail}</small>}
                </li>
              ))}
            </Options>
          </Popup>
        )}
      </Anchor>
    </FieldShell>
  );
}
