/** Vote badges, following the meaning of the badge variants. */
import { VOTE_STATE_LABELS, type VoteState } from '../../../schema/votes';
import { Badge, type BadgeVariant } from '../../ui';

const STATE_VARIANT: Record<VoteState, BadgeVariant> = { upcoming: 'warning', open: 'success', closed: 'secondary', cancelled: 'outline' };

export const VoteStateBadge = ({ state }: { state: VoteState }) => <Badge variant={STATE_VARIANT[state]}>{VOTE_STATE_LABELS[state]}</Badge>;
