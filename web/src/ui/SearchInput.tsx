import { Input } from 'antd';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { FilterField } from './FilterField';
import { SEARCH_DELAY_MS, useDebounced } from './useDebounced';

interface SearchInputProps {
  /** Called with the trimmed text once typing pauses, or at once on Enter. */
  onSearch: (text: string) => void;
  placeholder?: string;
  delayMs?: number;
  /** Accessible name; also what tests find it by. */
  label?: string;
  id?: string;
  /** A 'Buscar' button beside the box (list filter bars). */
  withButton?: boolean;
  width?: number;
}

/** Search box of the list screens: debounced while typing, immediate on Enter or the search button. */
export function SearchInput(props: SearchInputProps) {
  const { onSearch, placeholder, delayMs = SEARCH_DELAY_MS, label = 'Buscar', id, withButton = false, width = 320 } = props;
  const [text, setText] = useState('');
  const settled = useDebounced(text, delayMs);
  const lastSent = useRef('');

  const send = (value: string) => {
    const trimmed = value.trim();
    // Enter already sent it: the debounce catching up must not search (and reset the page) again.
    if (trimmed === lastSent.current) return;
    lastSent.current = trimmed;
    onSearch(trimmed);
  };
  const sendSettled = useEffectEvent(send);

  useEffect(() => sendSettled(settled), [settled]);

  return (
    <Input.Search
      id={id}
      aria-label={label}
      enterButton={withButton ? 'Buscar' : undefined}
      allowClear
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(value) => send(value)}
      style={{ width }}
    />
  );
}

/**
 * The text filter of a list's filter bar: labelled, searching once typing pauses (spec 1 §9),
 * at once on Enter or its Buscar button.
 */
export function SearchFilter({ label = 'Buscar', ...props }: Omit<SearchInputProps, 'id' | 'withButton'>) {
  return <FilterField label={label}>{(id) => <SearchInput {...props} id={id} label={label} withButton />}</FilterField>;
}
