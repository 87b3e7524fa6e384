import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

export const GlobalStyle = createGlobalStyle<{ $mobile: boolean }>`
  *, *::before, *::after { box-sizing: border-box; }
  body {
    margin: 0;
    font-family: 'Noto Sans JP', 'Noto Sans CJK JP', 'Hiragino Sans', sans-serif;
    font-size: ${theme.font.md};
    line-height: ${theme.font.lineHeight};
    color: ${theme.color.text};
    background: ${(p) => (p.$mobile ? theme.color.mobileBackground : theme.color.background)};
  }
  a { color: ${theme.color.brandDark}; }
  button { font: inherit; }
  img { max-width: 100%; }
  :focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: 2px; }
`;
