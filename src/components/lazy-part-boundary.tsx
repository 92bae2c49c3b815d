import { Component, type ReactNode } from "react";

/**
 * Around each lazily loaded part (docs/behaviour.md, "Lazy parts and deploys"): if the part fails to
 * render, `fallback` (the markup the part stands in for, or nothing) takes its place, instead of the
 * error unmounting the whole page.
 */
export class LazyPartBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
