/** The dashboard's failure to load (its figures or Community Info), with Retry. */
import { DASHBOARD_MESSAGES } from '../../../schema/dashboard';
import { Alert, Button } from '../../ui';

export function LoadFailed({ retry, className }: { retry: () => void; className?: string }) {
  return (
    <Alert
      tone="error"
      className={className}
      action={
        <Button size="sm" variant="secondary" onClick={retry}>
          {DASHBOARD_MESSAGES.retry}
        </Button>
      }
    >
      {DASHBOARD_MESSAGES.loadFailed}
    </Alert>
  );
}
