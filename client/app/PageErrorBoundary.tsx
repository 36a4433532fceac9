import { Component, type ReactNode } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

/**
 * Catches a screen that throws while rendering, or whose code chunk cannot be loaded (offline,
 * or a newer deployment replaced it), so the navigation stays usable and a reload is offered.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        tone="error"
        title="This page could not be loaded"
        action={
          <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        Check your connection and reload the page.
      </Alert>
    );
  }
}
