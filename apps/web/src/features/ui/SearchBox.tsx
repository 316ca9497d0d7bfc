import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list's search box kept in the URL: it writes after a pause in typing, so that each key does not ask the server,
 * and follows the URL when it changes under the box (back and forward, a saved list).
 */
export function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (search: string) => void;
  /** What the search looks in. */
  placeholder: string;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value);
  const [debounced] = useDebouncedValue(input, 300);
  const written = useRef(value);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    onChange(debounced);
  }, [debounced, onChange]);
  useEffect(() => {
    if (value === written.current) return;
    written.current = value;
    setInput(value);
  }, [value]);
  return (
    <TextInput
      type="search"
      label={t('Search')}
      placeholder={placeholder}
      value={input}
      onChange={(event) => setInput(event.currentTarget.value)}
      style={{ flex: 1, minWidth: 200 }}
    />
  );
}
