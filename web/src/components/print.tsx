import styled, { createGlobalStyle } from 'styled-components';
import { theme } from '@/theme/theme';
import { Button } from './button';

/**
 * While a printable document is on screen, printing leaves out the app around it (header, side
 * menu, tab bar) and the page's own controls (`NoPrint`), on a white page.
 */
export const PrintableDocument = createGlobalStyle`
  @media print {
    body { background: ${theme.color.white}; }
    header, aside, nav { display: none !important; }
    main { max-width: none !important; padding: 0 !important; }
  }
`;

/** What is on screen only (buttons, links between pages). */
export const NoPrint = styled.div`
  @media print {
    display: none !important;
  }
`;

/** 印刷: the browser's print dialog. */
export function PrintButton() {
  return (
    <Button type="button" $variant="primary" $outlined onClick={() => window.print()}>
      印刷
    </Button>
  );
}
