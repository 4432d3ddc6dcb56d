import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** A new value (the next navigation) clears a caught error and renders the children again. */
  resetKey: string;
}

interface State {
  error: unknown;
  caughtAt: string | null;
}

/** A screen that throws, or whose code fails to load, says so instead of leaving a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, caughtAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return state.caughtAt === props.resetKey ? null : { error: null, caughtAt: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="route-error" role="alert">
        <p>页面加载失败，请检查网络后重试</p>
        <button type="button" className="primary-button" onClick={() => window.location.reload()}>
          重新加载
        </button>
      </div>
    );
  }
}
