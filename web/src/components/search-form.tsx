/** A free-word search box and its button (`useWordSearch` gives the value, its setter and the submit). */
import type { FormEvent } from 'react';
import { Button } from './button';
import { InlineForm } from './form-grid';
import { TextField } from './text-field';

interface Props {
  /** What is searched, for screen readers (`名前・カナ`). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
}

export function SearchForm({ label, placeholder, value, onChange, onSubmit }: Props) {
  return (
    <form onSubmit={onSubmit} role="search">
      <InlineForm>
        <TextField label={label} hideLabel placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
        <Button type="submit" $variant="primary" $outlined>
          検索
        </Button>
      </InlineForm>
    </form>
  );
}
