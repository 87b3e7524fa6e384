/**
 * A date field in Japanese: typed as 2027/2/15 (or 2027-02-15, full-width digits too) or picked
 * from a month calendar whose weeks start on Sunday. The value is `yyyy-MM-dd`, or '' for none.
 */
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { addDays, addMonths, dateParts, displayDate, monthWeeks, parseDateText, spokenDate, todayIso } from '@/lib/calendar';
import { WEEKDAYS } from '@/lib/format';
import { theme } from '@/theme/theme';
import { controlBox, FieldShell, type FieldProps, focusRing, useFieldIds } from './form-field';

const Anchor = styled.div`
  position: relative;
  display: flex;
`;
const Input = styled.input`
  ${controlBox}
  padding-right: 44px;
`;
const Toggle = styled.button`
  position: absolute;
  right: 4px;
  top: 50%;
  transform: translateY(-50%);
  width: 34px;
  height: 32px;
  border: none;
  border-radius: ${theme.button.radius}px;
  background: none;
  cursor: pointer;
  font-size: ${theme.font.lg};
  &:hover { background: ${theme.color.background}; }
  &:focus-visible { ${focusRing} }
`;
const Calendar = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  z-index: ${theme.layer.hover};
  width: 292px;
  max-width: calc(100vw - 24px);
  padding: 12px;
  background: ${theme.color.white};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.button.radius}px;
  box-shadow: ${theme.shadow.popover};
`;
const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: 8px;
  strong { font-size: ${theme.font.lg}; }
  button {
    width: 32px;
    height: 32px;
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.button.radius}px;
    background: ${theme.color.white};
    cursor: pointer;
    &:focus-visible { ${focusRing} }
  }
`;
const Grid = styled.table`
  width: 100%;
  border-collapse: collapse;
  table-layout: fixed;
  th { font-size: ${theme.font.sm}; font-weight: ${theme.font.regular}; color: ${theme.color.subText}; padding: 4px 0; }
  th:first-child { color: ${theme.color.alert}; }
  th:last-child { color: ${theme.color.info}; }
  td { padding: 1px; text-align: center; }
  button {
    width: 100%;
    aspect-ratio: 1;
    max-height: 36px;
    border: none;
    border-radius: 50%;
    background: none;
    cursor: pointer;
    font: inherit;
    color: ${theme.color.text};
    &[data-outside='true'] { color: ${theme.color.textFaint}; }
    &[aria-current='date'] { box-shadow: inset 0 0 0 1px ${theme.color.brand}; }
    &:hover { background: ${theme.color.background}; }
    &[aria-pressed='true'] { background: ${theme.color.brand}; color: ${theme.color.white}; font-weight: ${theme.font.bold}; }
    &:focus-visible { outline: 2px solid ${theme.color.brandDark}; outline-offset: 1px; }
  }
`;
const Foot = styled.div`
  display: flex;
  justify-content: space-between;
  margin-top: 8px;
  button {
    border: none;
    background: none;
    color: ${theme.color.brandDark};
    cursor: pointer;
    padding: 4px;
    &:focus-visible { outline: 2px solid ${theme.color.brand}; }
  }
`;

/** Where a key moves the focused day of the calendar (null: the key is not a move). */
function moveDay(key: string, iso: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(iso, -1);
    case 'ArrowRight':
      return addDays(iso, 1);
    case 'ArrowUp':
      return addDays(iso, -7);
    case 'ArrowDown':
      return addDays(iso, 7);
    case 'PageUp':
      return addMonths(iso, -1);
    case 'PageDown':
      return addMonths(iso, 1);
    case 'Home': {
      const { year, month, day } = dateParts(iso);
      return addDays(iso, -new Date(Date.UTC(year, month - 1, day)).getUTCDay());
    }
    case 'End': {
      const { year, month, day } = dateParts(iso);
      return addDays(iso, 6 - new Date(Date.UTC(year, month - 1, day)).getUTCDay());
    }
    default:
      return null;
  }
}

interface DatePickerProps extends FieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

export function DatePicker({ value, onChange, disabled, ...field }: DatePickerProps) {
  const [text, setText] = useState(displayDate(value));
  const [typedWrong, setTypedWrong] = useState(false);
  const [open, setOpen] = useState(false);
  /** The day with keyboard focus in the calendar (its month is the one shown). */
  const [focused, setFocused] = useState(value || todayIso());
  const [shownValue, setShownValue] = useState(value);
  const toggle = useRef<HTMLButtonElement>(null);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);

  // A value set from outside (loaded, cleared after saving) replaces what the field shows.
  if (value !== shownValue) {
    setShownValue(value);
    if (parseDateText(text) !== value && !(value === '' && text.trim() === '')) setText(displayDate(value));
  }

  useEffect(() => {
    if (open && moved.current) grid.current?.querySelector<HTMLButtonElement>(`[data-iso="${focused}"]`)?.focus();
  }, [open, focused]);

  const type = (next: string) => {
    setText(next);
    const parsed = parseDateText(next);
    if (next.trim() === '') {
      setTypedWrong(false);
      if (value !== '') onChange('');
    } else if (parsed) {
      setTypedWrong(false);
      if (parsed !== value) onChange(parsed);
    }
  };
  const settle = () => {
    const parsed = parseDateText(text);
    if (parsed) setText(displayDate(parsed));
    setTypedWrong(text.trim() !== '' && !parsed);
  };
  const openCalendar = () => {
    setFocused(value || todayIso());
    moved.current = true;
    setOpen(true);
  };
  const closeCalendar = () => {
    setOpen(false);
    moved.current = false;
    toggle.current?.focus();
  };
  /** The month buttons keep focus where it is (on the button). */
  const showMonth = (step: number) => {
    moved.current = false;
    setFocused(addMonths(focused, step));
  };
  const pick = (iso: string) => {
    setText(displayDate(iso));
    setTypedWrong(false);
    if (iso !== value) onChange(iso);
    closeCalendar();
  };
  const onGridKey = (event: KeyboardEvent) => {
    const next = moveDay(event.key, focused);
    if (next) {
      event.preventDefault();
      moved.current = true;
      setFocused(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeCalendar();
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setOpen(false);
      moved.current = false;
    }
  };

  const { year, month } = dateParts(focused);
  const today = todayIso();
  const error = field.error ?? (typedWrong ? '日付は 2027/2/15 のように入力してください' : null);
  const ids = useFieldIds(field.id, field.hint, error);

  return (
    <FieldShell {...field} error={error} ids={ids}>
      <Anchor onBlur={onBlur}>
        <Input
          id={ids.controlId}
          inputMode="numeric"
          autoComplete="off"
          placeholder="例: 2027/2/15"
          value={text}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          data-value={value}
          onChange={(e) => type(e.target.value)}
          onBlur={settle}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              openCalendar();
            }
          }}
        />
        <Toggle ref={toggle} type="button" aria-label={`${field.label}をカレンダーから選ぶ`} aria-haspopup="dialog" aria-expanded={open} disabled={disabled} onClick={() => (open ? closeCalendar() : openCalendar())}>
          📅
        </Toggle>
        {open && (
          <Calendar role="dialog" aria-modal="false" aria-label={`${field.label}を選ぶ`}>
            <Head>
              <button type="button" aria-label="前の月" onClick={() => showMonth(-1)}>
                ‹
              </button>
              <strong aria-live="polite">
                {year}年{month}月
              </strong>
              <button type="button" aria-label="次の月" onClick={() => showMonth(1)}>
                ›
              </button>
            </Head>
            <Grid ref={grid} role="grid" aria-label={`${year}年${month}月`} onKeyDown={onGridKey}>
              <thead>
                <tr>
                  {WEEKDAYS.map((weekday) => (
                    <th key={weekday} scope="col" abbr={`${weekday}曜日`}>
                      {weekday}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(year, month).map((week) => (
                  <tr key={week[0].iso}>
                    {week.map((day) => (
                      <td key={day.iso} role="gridcell">
                        <button
                          type="button"
                          data-iso={day.iso}
                          data-outside={!day.inMonth}
                          tabIndex={day.iso === focused ? 0 : -1}
                          aria-label={spokenDate(day.iso)}
                          aria-pressed={day.iso === value}
                          aria-current={day.iso === today ? 'date' : undefined}
                          onClick={() => pick(day.iso)}
                        >
                          {day.day}
                        </button>
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Grid>
            <Foot>
              <button type="button" onClick={() => pick(today)}>
                今日
              </button>
              {value && (
                <button
                  type="button"
                  onClick={() => {
                    setText('');
                    onChange('');
                    closeCalendar();
                  }}
                >
                  クリア
                </button>
              )}
            </Foot>
          </Calendar>
        )}
      </Anchor>
    </FieldShell>
  );
}
