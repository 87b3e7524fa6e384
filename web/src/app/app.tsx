import { RouterProvider } from 'react-router';
import { ThemeProvider } from 'styled-components';
import { theme } from '@/theme/theme';
import { createRouter } from './router';

const router = createRouter();

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <RouterProvider router={router} />
    </ThemeProvider>
  );
}
