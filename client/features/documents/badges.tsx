import { accessLabel } from '../../../schema/documents';
import { Badge } from '../../ui';

/** Public or Board Only; the words say it, the colour only repeats it. */
export function AccessBadge({ isPublic }: { isPublic: boolean }) {
  return <Badge variant={isPublic ? 'success' : 'warning'}>{accessLabel(isPublic)}</Badge>;
}

export function CategoryBadge({ category }: { category: string }) {
  return <Badge variant="secondary">{category}</Badge>;
}
