import { useDocumentTitle } from '../lib/use-document-title';
import { ButtonLink } from '../ui/Button';

/** Any path outside the route table. */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <p className="tabular text-5xl font-semibold text-accent-700">404</p>
      <h1 className="text-2xl font-semibold text-neutral-900">Page not found</h1>
      <p className="text-neutral-600">The page you are looking for does not exist or has moved.</p>
      <ButtonLink href="/dashboard" className="mt-2">
        Go to Dashboard
      </ButtonLink>
    </div>
  );
}
