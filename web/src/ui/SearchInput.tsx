import { Input } from 'antd';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { SEARCH_DELAY_MS, useDebounced } from './useDebounced';

interface SearchInputProps {
  /** Called with the trimmed text once typing pauses, or at once on Enter. */
  onSearch: (text: string) => void;
  placeholder?: string;
  delayMs?: number;
  /** Accessible name; also what tests find it by. */
  label?: string;
}

/** Search box of the list screens: debounced while typing, immediate on Enter or the search button. */
export function SearchInput({ onSearch, placeholder, delayMs = SEARCH_DELAY_MS, label = 'Buscar' }: SearchInputProps) {
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
      aria-label={label}
      allowClear
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(value) => send(value)}
      style={{ width: 320 }}
    />
  );
}
