import { useEffect, useState, type FormEvent } from 'react';

/**
 * A paged list searched by free words: `typed` follows the search box, `search` (the form's
 * submit) applies it and goes back to page 1, and `fetchPage` runs whenever the words or the
 * page change.
 */
export function useWordSearch(fetchPage: (words: string, page: number) => unknown) {
  const [typed, setTyped] = useState('');
  const [words, setWords] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    void fetchPage(words, page);
  }, [fetchPage, words, page]);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setWords(typed.trim());
  };
  return { typed, setTyped, words, page, setPage, search };
}
