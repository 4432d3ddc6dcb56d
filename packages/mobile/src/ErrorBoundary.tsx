import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './RouteError';

interface Props {
  children: ReactNode;
  /** A new value (the next navigation) clears a caught error and renders the children again. */
  resetKey: string;
}

interface State {
  error: unknown;
  /** The resetKey of the last render (an error is caught under it). */
  caughtAt: string | null;
}

/**
 * A screen that throws, or whose code fails to load, shows the route error instead of a blank page.
 * Both apps show the same RouteError, so it is not a prop: passing it would add bytes to the members'
 * first load, which has none to spare (apps/web/test/budget.test.ts).
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, caughtAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  /** Runs before every render: a new resetKey forgets the error caught under the previous one. */
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return state.caughtAt === props.resetKey ? null : { error: null, caughtAt: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error !== null ? <RouteError /> : this.props.children;
  }
}
