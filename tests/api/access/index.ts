import { authRows } from './auth';
import type { MatrixRow } from './types';

/** The access matrix of ARCHITECTURE.md: every registered /api route, one area file each. */
export const accessMatrix: MatrixRow[] = [...authRows];
