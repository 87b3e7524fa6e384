import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useVersion } from '@/features/version/store';
// Not lazy: a failed chunk load may be what brought us here.
import ServerErrorRoute from './routes/system/server-error';

const isStaleChunk = (error: Error) =>
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message);

/** A render crash shows the 500 page (unless debug mode); a stale chunk shows the update banner instead. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    if (isStaleChunk(error)) useVersion.getState().markStale();
    console.error(error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isStaleChunk(error)) return null;
    if (import.meta.env.VITE_DEBUG === '1') throw error;
    return <ServerErrorRoute />;
  }
}
