/**
 * Keeps one misbehaving render function (a tool's UI.tsx) from taking the
 * whole REPL down: its lines are replaced by the fallback and the session
 * goes on.
 */
import { Component, type ReactNode } from 'react';

type Props = { readonly fallback: ReactNode; readonly children: ReactNode };
type State = { readonly failed: boolean };

export class RenderGuard extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
