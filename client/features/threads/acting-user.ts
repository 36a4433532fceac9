import type { ApiUser } from '../../../schema/auth';
import type { ActingUser } from '../../../schema/threads';

/** The signed-in user as a mutation's `shown.by`: its optimistic value shows them as the author at once. */
export const actingUser = (me: Pick<ApiUser, 'id' | 'name' | 'email' | 'role'>): ActingUser => ({ id: me.id, name: me.name, email: me.email, role: me.role });
